/*
 * Redeeming access keys in the browser, against the real services and their demo keys
 * (src/server/entitlements/README.md): every result code in English and Japanese, the upgrade and
 * legacy-link paths, Populi demographics, CertMaster Practice keys and the training-products page.
 */
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

type Texts = Record<string, Record<string, string>>;
const texts = (lang: 'en' | 'ja', ns: string): Texts => JSON.parse(readFileSync(`locales/${lang}/${ns}.json`, 'utf8')) as Texts;
const TEXT = { en: texts('en', 'redemption'), ja: texts('ja', 'redemption') };
const E2E_PASSWORD = 'E2eLearner2026';

const dialog = (page: Page) => page.getByRole('dialog');
const keyField = (page: Page) => page.locator('#redeem_accessKey');
const keyError = (page: Page) => page.locator('#redeem_accessKey__error');

async function openRedeem(page: Page, lang: 'en' | 'ja' = 'en'): Promise<Locator> {
  await page.getByRole('button', { name: TEXT[lang].Redeem!.Open }).first().click();
  const modal = page.getByRole('dialog', { name: TEXT[lang].Redeem!.Title });
  await expect(modal).toBeVisible();
  return modal;
}

async function enterKey(page: Page, key: string, lang: 'en' | 'ja' = 'en') {
  await keyField(page).fill(key);
  await dialog(page).getByRole('button', { name: TEXT[lang].Redeem!.Submit, exact: true }).click();
}

/** Shots of the open modal at desktop and mobile widths, with axe run on it. */
async function captureModal(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, `${name} modal`);
  await screenshot(page, `redemption-${name}-1280`);
  await page.setViewportSize(MOBILE);
  await screenshot(page, `redemption-${name}-375`);
  await page.setViewportSize(DESKTOP);
}

// Keys whose result does not change stored state, as the demo learner (linked, with the products
// and past redemptions the README table names). The modal ones end in "Redemption Error".
const ERROR_MODAL_KEYS: [string, string][] = [
  ['RSV-UNKNOWN-0005', 'ReservationNotFound'],
  ['DEMO-EXTEND-0002', 'CanExtendAccess'],
  ['RSV-USED-0006', 'ReservationAlreadyUsed'],
  ['RSV-EXPIRED-0007', 'ReservationExpired'],
  ['RSV-OVERUSED-0008', 'ReservationOverUsed'],
  ['RSV-BADEXP-0009', 'BadExpiration'],
  ['RSV-DUPLICATE-0010', 'DuplicateReservationForUser'],
  ['RSV-EMPTY-0011', 'InvalidReservation'],
  ['RSV-SCHOOLS-0012', 'Ls5ReservationNotSupportedSchools'],
  ['RSV-TRIALS-0013', 'Ls5ReservationNotSupportedTrials'],
  ['RSV-BROKEN-0014', 'UnknownError'],
  ['DEMO-TEMP-0015', 'TempAccessAlreadyUsed'],
  ['RSV-FUTURE-0016', 'ReservationNotActiveYet'],
  ['RSV-SPL-0017', 'SingleProductLinkReservationsMustActivateSubLicenses'],
];

for (const lang of ['en', 'ja'] as const) {
  const t = TEXT[lang];

  test(`[${lang}] every result code of the demo learner reaches its modal or field message`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { lang });
    await openRedeem(page, lang);
    const submit = dialog(page).getByRole('button', { name: t.Redeem!.Submit, exact: true });
    await expect(submit).toBeDisabled();
    if (lang === 'en') await captureModal(page, 'redeem');

    // InvalidKey: at the field, with what was typed kept.
    await enterKey(page, 'NO-SUCH-KEY', lang);
    await expect(keyError(page)).toHaveText(t.Result!.InvalidKey!);
    await expect(keyField(page)).toHaveValue('NO-SUCH-KEY');
    await expect(keyField(page)).toHaveAttribute('aria-invalid', 'true');
    if (lang === 'en') await captureModal(page, 'invalid-key');

    // HasProductAlready: the no-activation-needed modal lists the product.
    await enterKey(page, 'DEMO-OWNED-0004', lang);
    const noActivation = page.getByRole('dialog', { name: t.NoActivation!.Title });
    await expect(noActivation).toBeVisible();
    await expect(noActivation.getByText(t.Result!.HasProductAlready!)).toBeVisible();
    await expect(noActivation.getByRole('listitem')).toHaveText(['Networking Essentials CertMaster Learn']);
    if (lang === 'en') await captureModal(page, 'no-activation');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByRole('button', { name: t.Redeem!.Open }).first()).toBeFocused();

    for (const [index, [key, code]] of ERROR_MODAL_KEYS.entries()) {
      if (index === 0) await openRedeem(page, lang);
      await enterKey(page, key, lang);
      const error = page.getByRole('dialog', { name: t.Error!.Title });
      await expect(error, `${key} → ${code}`).toBeVisible();
      await expect(error.getByText(t.Result![code]!, { exact: true })).toBeVisible();
      if (lang === 'en' && index === 0) await captureModal(page, 'error');
      await error.getByRole('button', { name: t.Error!.TryAnother }).click();
      await expect(keyField(page)).toHaveValue(key);
      await expect(keyField(page)).toBeFocused();
    }
  });

  test(`[${lang}] Success adds the product to the list without a reload`, async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, lang === 'en' ? 'e2e.redeem@example.com' : 'e2e.redeem.ja@example.com', E2E_PASSWORD, { lang });
    const list = page.getByTestId('active-products');
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await expect(page.getByText('IT Support Core 1 CertMaster Learn')).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    await openRedeem(page, lang);
    await enterKey(page, 'demo-success-0000', lang);
    const success = page.getByRole('dialog', { name: t.Success!.Title });
    await expect(success).toBeVisible();
    await expect(success.getByText(t.Result!.Success!)).toBeVisible();
    await expect(success.getByRole('listitem')).toHaveText(['IT Support Core 1 CertMaster Learn']);
    if (lang === 'en') await captureModal(page, 'success');
    await success.getByRole('button', { name: t.Common!.Done }).click();
    await expect(list.getByText('IT Support Core 1 CertMaster Learn')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');

    // The same key again: the learner already has the course.
    await openRedeem(page, lang);
    await enterKey(page, 'DEMO-SUCCESS-0000', lang);
    await expect(page.getByRole('dialog', { name: t.NoActivation!.Title })).toBeVisible();
  });

  test(`[${lang}] an account without a profile is sent to create one before redeeming`, async ({ page }) => {
    // Redeeming would answer UserProfileNotFound (the services' integration tests check that): home
    // says the profile is missing and leads to creating it, with no redeem button to reach that end.
    const profile = texts(lang, 'profile');
    await signIn(page, 'noprofile@example.com', 'NoProfile2026', { lang });
    await expect(page.getByRole('heading', { level: 1, name: profile.NoProfile!.Title })).toBeVisible();
    await expect(page.getByRole('button', { name: TEXT[lang].Redeem!.Open })).toHaveCount(0);
  });
}

test('legacy link: a wrong password shows LoginFailed at the login field, legacy.learner links, then the key redeems', async ({ page }) => {
  const t = TEXT.en;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'link@example.com', 'LinkDemo2026');
  await openRedeem(page);
  await enterKey(page, 'DEMO-SUCCESS-0000');
  const upgrade = page.getByRole('dialog', { name: t.Upgrade!.Title });
  await expect(upgrade.getByText(t.Upgrade!.FoundText!)).toBeVisible();
  await captureModal(page, 'upgrade');

  await upgrade.getByRole('button', { name: t.Upgrade!.Connect }).click();
  const login = page.getByRole('dialog', { name: t.Link!.Title });
  // Each new modal puts the focus on its first field.
  await expect(login.getByLabel(t.Link!.Login!)).toBeFocused();
  await login.getByLabel(t.Link!.Login!).fill('legacy.learner');
  await login.getByLabel(t.Link!.Password!).fill('WrongPass2026');
  await login.getByRole('button', { name: t.Link!.Submit }).click();
  await expect(login.getByRole('alert')).toHaveText(t.Link!.LoginFailed!);
  await expect(login.getByLabel(t.Link!.Login!)).toHaveAttribute('aria-invalid', 'true');
  await expect(login.getByLabel(t.Link!.Login!)).toHaveValue('legacy.learner');
  await captureModal(page, 'legacy-login');

  await login.getByLabel(t.Link!.Password!).fill('LegacyPass2026');
  await login.getByRole('button', { name: t.Link!.Submit }).click();
  const linked = page.getByRole('dialog', { name: t.LinkedSuccess!.Title });
  await expect(linked.getByText(t.Result!.Success!)).toBeVisible();
  await captureModal(page, 'linked-success');
  await linked.getByRole('button', { name: t.Common!.Done }).click();
  await expect(page.getByTestId('active-products').getByText('IT Support Core 1 CertMaster Learn')).toBeVisible();
});

test("upgrade: I Don't Have an Unlinked Account creates the platform account and redeems", async ({ page }) => {
  const t = TEXT.en;
  await signIn(page, 'e2e.upgrade@example.com', E2E_PASSWORD);
  await openRedeem(page);
  await enterKey(page, 'DEMO-SUCCESS-0000');
  const upgrade = page.getByRole('dialog', { name: t.Upgrade!.Title });
  await expect(upgrade.getByText(t.Upgrade!.Text!)).toBeVisible();
  await upgrade.getByRole('button', { name: t.Upgrade!.NoUnlinkedAccount }).click();
  const done = page.getByRole('dialog', { name: t.UpgradeSuccess!.Title });
  await expect(done.getByText(t.UpgradeSuccess!.Text!)).toBeVisible();
  await captureModal(page, 'upgrade-success');
});

test('CertMaster Practice: company and country, the course picker, a single product redeemed directly, and the limit message', async ({ page }) => {
  const t = TEXT.en;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'e2e.cmp@example.com', E2E_PASSWORD);
  await openRedeem(page);
  await enterKey(page, 'CMP-MULTI-0201');
  const details = page.getByRole('dialog', { name: t.CompanyCountry!.Title });
  await expect(details).toBeVisible();
  await captureModal(page, 'company-country');
  await page.locator('#company-country_company').fill('Tester & Sons');
  await details.getByRole('button', { name: t.CompanyCountry!.Submit }).click();

  const picker = page.getByRole('dialog', { name: t.CoursePicker!.Title });
  await expect(picker).toBeVisible();
  await captureModal(page, 'course-picker');
  await picker.getByRole('button', { name: t.CoursePicker!.Submit }).click();
  await expect(page.locator('#course-picker_productId__error')).toHaveText('Required');
  await page.locator('#course-picker_productId').selectOption({ label: 'Networking Essentials CertMaster Practice' });
  await picker.getByRole('button', { name: t.CoursePicker!.Submit }).click();
  const success = page.getByRole('dialog', { name: t.Success!.Title });
  await expect(success.getByRole('listitem')).toHaveText(['Networking Essentials CertMaster Practice']);
  await success.getByRole('button', { name: t.Common!.Done }).click();
  await expect(page.getByTestId('active-products').getByText('Networking Essentials CertMaster Practice')).toBeVisible();

  // The company is saved now: a single-product key is redeemed at once.
  await openRedeem(page);
  await enterKey(page, 'CMP-SINGLE-0202');
  await expect(page.getByRole('dialog', { name: t.Success!.Title }).getByRole('listitem')).toHaveText(['IT Support CertMaster Practice']);
  await page.keyboard.press('Escape');

  await openRedeem(page);
  await enterKey(page, 'CMP-EMPTY-0203');
  await expect(keyError(page)).toHaveText(t.Errors!.LimitReached!);

  await page.goto('/profile');
  await expect(page.locator('#profile_company')).toHaveValue('Tester & Sons');
});

test('Populi: demographics refuses a birth day beyond the month, then saves, redeems and shows the sync note', async ({ page }) => {
  const t = TEXT.en;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'e2e.populi@example.com', E2E_PASSWORD);
  await openRedeem(page);
  await enterKey(page, 'DEMO-POPULI-0103');
  const form = page.getByRole('dialog', { name: t.Demographics!.Title });
  await expect(form).toBeVisible();
  await page.locator('#demographics_birthMonth').selectOption('04');
  await page.locator('#demographics_birthDay').fill('31');
  await page.locator('#demographics_birthYear').fill('1990');
  await page.locator('#demographics_isOlderThanEighteenYears').check();
  await page.locator('#demographics_allowConsentToGatherBirthInformation').check();
  await page.locator('#demographics_mobilePhoneNumber_phone').fill('3125550199');
  await form.getByRole('button', { name: t.Demographics!.Submit }).click();
  await expect(page.locator('#demographics_birthDay__error')).toHaveText('Invalid birth day');
  await expect(page.locator('#demographics_birthYear')).toHaveValue('1990');
  await captureModal(page, 'demographics');

  await page.locator('#demographics_birthDay').fill('30');
  await form.getByRole('button', { name: t.Demographics!.Submit }).click();
  const success = page.getByRole('dialog', { name: t.Success!.Title });
  await expect(success.getByText(t.Populi!.Sync!)).toBeVisible();
  await expect(success.getByRole('listitem')).toHaveText(['Security Foundations Course']);
  await expect(success.getByText('Delivered by Populi')).toBeVisible();
  await expect(success.getByText(t.Populi!.Waitlist!)).toHaveCount(0);
  await captureModal(page, 'populi-success');
  await success.getByRole('button', { name: t.Common!.Done }).click();

  // A course with 'LOT' in its title, for a learner with a USA address: the waitlist note too.
  await openRedeem(page);
  await enterKey(page, 'DEMO-POPULI-LOT-0105');
  await expect(page.locator('#demographics_birthDay')).toHaveValue('30');
  await page.getByRole('dialog', { name: t.Demographics!.Title }).getByRole('button', { name: t.Demographics!.Submit }).click();
  const waitlisted = page.getByRole('dialog', { name: t.Success!.Title });
  await expect(waitlisted.getByRole('listitem')).toHaveText(['Data Analysis LOT Course']);
  await expect(waitlisted.getByText(t.Populi!.Waitlist!)).toBeVisible();
});

test('training-products page: active then expired, marked, with the migration tooltip; redeem opens from it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/training-products' });
  const list = page.getByTestId('training-products');
  const items = list.getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const states = await items.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.state));
  const firstExpired = states.indexOf('expired');
  expect(firstExpired).toBeGreaterThan(0);
  expect(states.slice(firstExpired).every((s) => s === 'expired')).toBe(true);
  await expect(list.locator('[data-state=expired] .badge--expired').first()).toBeVisible();
  await expect(list.getByText(/Consent: Approved/)).toBeVisible();
  await expect(list.getByText(/Redeemed \d{4}-[A-Z]{3}-\d{2}/).first()).toBeVisible();

  const notice = list.getByRole('button', { name: /Moved to a new edition/ });
  // Radix closes a tooltip when its trigger scrolls: bring it into view first, then focus it as Tab would.
  await notice.scrollIntoViewIfNeeded();
  await expect(async () => {
    await notice.blur();
    await notice.focus();
    await expect(page.getByRole('tooltip')).toHaveText(/IT Foundations CertMaster Learn V2/, { timeout: 1000 });
  }).toPass();
  await expectNoSeriousA11yViolations(page, 'training-products page');
  await screenshot(page, 'training-products-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'training-products-375');
  await page.setViewportSize(DESKTOP);

  const training = texts('en', 'training');
  await page.getByRole('button', { name: training.Missing!.Open }).first().click();
  const missing = page.getByRole('dialog', { name: training.Missing!.Title });
  await expect(missing).toBeVisible();
  await captureModal(page, 'missing-products');
  await missing.getByRole('button', { name: training.Missing!.Close }).click();
  await expect(missing).toBeHidden();

  await openRedeem(page);
  await page.getByRole('button', { name: TEXT.en.Redeem!.InstructionsLink }).click();
  await expect(page.getByRole('dialog', { name: TEXT.en.Instructions!.Title })).toBeVisible();
  await captureModal(page, 'instructions');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: TEXT.en.Redeem!.Title })).toBeVisible();
});
