import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

const E2E_PASSWORD = 'E2eLearner2026';
const field = (page: Page, path: string) => page.locator(`#profile_${path}`);
const digits = async (page: Page, path: string) => ((await field(page, path).inputValue()) ?? '').replace(/\D/g, '');

/** Counts the profile PATCH calls the page makes. */
function patchCounter(page: Page) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/profiles\//.test(request.url())) counter.count += 1;
  });
  return counter;
}

test.describe('profile page', () => {
  test('moves the address to Canada, changes the phones and keeps it after a reload', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'e2e.profile@example.com', E2E_PASSWORD, { path: '/profile' });
    await expect(page.getByRole('heading', { level: 1, name: 'Profile details' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(page, 'primaryAddress_country').selectOption('CAN');
    await field(page, 'primaryAddress_state').selectOption('ON');
    await field(page, 'primaryAddress_address1').fill('24 Sussex Drive');
    await field(page, 'primaryAddress_address2').fill('');
    await field(page, 'primaryAddress_city').fill('Ottawa');
    await field(page, 'primaryAddress_postalCode').fill('K1M 1M4');
    await field(page, 'primaryPhoneNumber_phone').fill('6135550123');
    await field(page, 'secondaryPhoneNumber_phone').fill('6135550188');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile has been updated.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();

    await page.reload();
    await expect(field(page, 'primaryAddress_city')).toHaveValue('Ottawa');
    await expect(field(page, 'primaryAddress_country')).toHaveValue('CAN');
    await expect(field(page, 'primaryAddress_state')).toHaveValue('ON');
    await expect(field(page, 'primaryAddress_postalCode')).toHaveValue('K1M 1M4');
    expect(await digits(page, 'primaryPhoneNumber_phone')).toBe('6135550123');
    expect(await digits(page, 'secondaryPhoneNumber_phone')).toBe('6135550188');

    // Emptying the secondary number removes that phone.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(page, 'secondaryPhoneNumber_phone').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
    await page.reload();
    await expect(field(page, 'primaryAddress_city')).toHaveValue('Ottawa');
    // Read mode says the number is gone; the calling code reads as one value.
    await expect(field(page, 'secondaryPhoneNumber_phone')).toHaveValue('Not provided');
    await expect(field(page, 'primaryPhoneNumber_countryCode')).toHaveValue('+1');
    expect(await digits(page, 'primaryPhoneNumber_phone')).toBe('6135550123');
  });

  test('Edit at the top opens the form from the keyboard; Cancel returns to read mode without a reload', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, 'e2e.profile@example.com', E2E_PASSWORD, { path: '/profile' });
    const patches = patchCounter(page);
    const top = page.getByRole('button', { name: 'Edit profile details' });
    const city = field(page, 'primaryAddress_city');
    const cityBefore = await city.inputValue();
    // Set in this document: a reload would lose it.
    await page.evaluate(() => document.documentElement.setAttribute('data-still-here', 'yes'));

    await top.focus();
    await page.keyboard.press('Enter');
    // The focus moves into the first field the learner can change.
    await expect(page.locator('.schema-form :focus')).toHaveCount(1);
    await expect(city).toBeEditable();
    await city.fill('Nowhere');
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await expect(city).toHaveValue(cityBefore);
    await expect(city).not.toBeEditable();
    await expect(top).toBeFocused();
    await expect(page.locator('html')).toHaveAttribute('data-still-here', 'yes');
    expect(patches.count).toBe(0);
  });

  test('bad input shows the message at the field, keeps the input and saves nothing', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'e2e.profile@example.com', E2E_PASSWORD, { path: '/profile' });
    const patches = patchCounter(page);
    const cityBefore = await field(page, 'primaryAddress_city').inputValue();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await field(page, 'primaryAddress_country').selectOption('CAN');
    await field(page, 'primaryAddress_state').selectOption('QC');
    await field(page, 'primaryAddress_postalCode').fill('12345');
    await field(page, 'primaryAddress_city').fill('Montreal');
    await page.getByRole('button', { name: 'Save' }).click();

    const postal = field(page, 'primaryAddress_postalCode');
    await expect(page.locator('#profile_primaryAddress_postalCode__error')).toHaveText('Invalid postal code');
    await expect(postal).toHaveAttribute('aria-invalid', 'true');
    await expect(postal).toHaveValue('12345');
    await expect(field(page, 'primaryAddress_city')).toHaveValue('Montreal');
    expect(patches.count).toBe(0);

    await page.reload();
    await expect(field(page, 'primaryAddress_city')).toHaveValue(cityBefore);
    expect(patches.count).toBe(0);
  });

  test('the profile flow in Japanese', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'e2e.profile.ja@example.com', E2E_PASSWORD, { path: '/profile', lang: 'ja' });
    await expect(page.getByRole('heading', { level: 1, name: 'プロフィール詳細' })).toBeVisible();
    await page.getByRole('button', { name: '編集', exact: true }).click();
    await field(page, 'primaryAddress_postalCode').fill('ABC');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.locator('#profile_primaryAddress_postalCode__error')).toHaveText('郵便番号が正しくありません');

    await field(page, 'primaryAddress_postalCode').fill('60602');
    await field(page, 'company').fill('Yamada Shoji');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('プロフィールを更新しました。')).toBeVisible();
    await page.reload();
    await expect(field(page, 'company')).toHaveValue('Yamada Shoji');
    await expect(field(page, 'primaryAddress_postalCode')).toHaveValue('60602');
  });

  test('a minor sees the guardian consent date', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'minor@example.com', 'MinorDemo2026', { path: '/profile' });
    await expect(page.getByTestId('guardian-consent')).toHaveText(/2026-JAN-15/);
  });

  for (const lang of ['en', 'ja'] as const) {
    test(`passes axe and is captured at 1280 and 375 px (${lang})`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await signIn(page, lang === 'en' ? 'learner@example.com' : 'e2e.profile.ja@example.com', lang === 'en' ? 'LearnerDemo2026' : E2E_PASSWORD, {
        path: '/profile',
        lang,
      });
      await expect(field(page, 'givenName_firstName')).not.toHaveValue('');
      await expectNoSeriousA11yViolations(page, `profile ${lang} read-only`);
      await screenshot(page, `profile-${lang}-1280`);
      await page.getByRole('button', { name: lang === 'en' ? 'Edit' : '編集', exact: true }).click();
      await expectNoSeriousA11yViolations(page, `profile ${lang} editing`);
      await page.setViewportSize(MOBILE);
      // Reflow: nothing wider than a 375 px screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, `profile-${lang}-375`);
      await expectNoSeriousA11yViolations(page, `profile ${lang} mobile`);
    });
  }
});
