/*
 * The browser's Back, Forward and reload in the middle of a multi-step dialog: the redemption (key,
 * then the course picker), the upgrade with the legacy link (upgrade, then login and password) and
 * the e-mail change (new address and password, then the mailed code).
 *
 * What the portal does, and what is asserted here:
 * - The dialogs live in the page's memory, not in the address: Back leaves the page (the dialog goes
 *   with it), Forward comes back to the page with no dialog open, and a reload shows the page afresh.
 *   Each time the page is usable: no dialog left, no spinner, no page blocked under a gone overlay,
 *   no error page, no uncaught error; the flow starts again from its first step and completes.
 * - Nothing typed is kept across a reload or a Back: no key, login, password or code in a field, and
 *   no password or code in the tab's storage.
 * - No call is made twice: every call that changes something is counted; a call already on its way
 *   when the learner presses Back is made once and its effect shows (the redeemed course in the
 *   list; the changed e-mail's sign-out).
 * Accounts of their own (src/server/seed/demo-data.ts, e2e.nav.*), so other specs' data is untouched.
 */
import { expect, type Page, type Request, type Route, test } from '@playwright/test';
import { signIn } from './support/auth';
import { collectPageErrors, text } from './support/faults';
import { DESKTOP } from './support/screenshots';

const E2E_PASSWORD = 'E2eLearner2026';
const LEGACY_PASSWORD = 'LegacyPass2026';
type Lang = 'en' | 'ja';

const r = (key: string, lang: Lang = 'en') => text(lang, 'redemption', key);
const panel = (page: Page) => page.getByRole('tabpanel');

/** Every request of `method` to a path matching `path`, from now on. */
function countCalls(page: Page, method: string, path: RegExp): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) sent.push(request);
  });
  return sent;
}

/**
 * Holds the next call of `method` to `path` until `release` is called (the learner acts meanwhile);
 * answers the promise once it is held.
 */
async function holdNext(page: Page, method: string, path: RegExp): Promise<{ held: Promise<void>; release: () => Promise<void> }> {
  let letGo: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  let arrived: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (arrived = resolve));
  let passed: () => void = () => undefined;
  const through = new Promise<void>((resolve) => (passed = resolve));
  await page.route(
    (url) => path.test(url.pathname),
    async (route: Route) => {
      if (route.request().method() !== method) return route.fallback();
      arrived();
      await gate;
      await route.continue();
      passed();
    },
    { times: 1 },
  );
  return {
    held,
    release: async () => {
      letGo();
      await through;
    },
  };
}

/** Through the profile menu, as a learner would: a new entry in the tab's history. */
async function openFromMenu(page: Page, lang: Lang, item: 'Account' | 'TrainingProducts', path: string) {
  await page.getByTestId('profile-menu').getByRole('button').first().click();
  await page.getByRole('link', { name: text(lang, 'portal', `Header.Profile.${item}`) }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** What the tab keeps in its storage, for the check that no password or code is in it. */
const storage = (page: Page) =>
  page.evaluate(() => {
    const all = (store: Storage) => Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i) ?? '')}`);
    return [...all(sessionStorage), ...all(localStorage)].join('\n');
  });

/**
 * The page at `path` is usable: shown (its heading, no error page), no dialog left open, nothing
 * busy, nothing blocking the pointer (an overlay's body lock), and no uncaught error so far.
 */
async function expectUsable(page: Page, path: string, errors: string[], secrets: string[] = []) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.boot-error'), 'no error page').toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"], .spinner, .skeleton')).toHaveCount(0);
  const body = await page.evaluate(() => ({
    pointer: getComputedStyle(document.body).pointerEvents,
    locked: document.body.hasAttribute('data-scroll-locked'),
  }));
  expect(body, 'no overlay left blocking the page').toEqual({ pointer: 'auto', locked: false });
  const kept = await storage(page);
  for (const secret of secrets) expect(kept, 'no password or code kept in the tab').not.toContain(secret);
  expect(errors).toEqual([]);
}

async function openRedeem(page: Page) {
  await page
    .getByRole('button', { name: r('Redeem.Open') })
    .first()
    .click();
  const modal = page.getByRole('dialog', { name: r('Redeem.Title') });
  await expect(modal).toBeVisible();
  // A fresh flow: nothing of an earlier opening is in the field.
  await expect(page.locator('#redeem_accessKey')).toHaveValue('');
  return modal;
}

async function submitKey(page: Page, key: string) {
  await page.locator('#redeem_accessKey').fill(key);
  await page
    .getByRole('dialog')
    .getByRole('button', { name: r('Redeem.Submit'), exact: true })
    .click();
}

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(DESKTOP);
});

test('redeem: Back and Forward at the course picker, Back while the key is redeemed, a reload at the picker', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const platformRedeems = countCalls(page, 'POST', /^\/api\/redemptions\/certmaster-platform$/);
  const cmpRedeems = countCalls(page, 'POST', /^\/api\/redemptions\/cmp\/redeem$/);
  await signIn(page, 'e2e.nav.redeem@example.com', E2E_PASSWORD);
  await expect(page.locator('.skeleton')).toHaveCount(0);

  // Back from the page the sign-in landed on, with a key typed: the entry before it is the identity
  // provider's, which sends the learner, still signed in, back to home, with no dialog and no key.
  await openRedeem(page);
  await page.locator('#redeem_accessKey').fill('CMP-MULTI-0201');
  await page.goBack();
  await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 30_000 });
  await expectUsable(page, '/home', errors);
  await expect(page.locator('#redeem_accessKey')).toHaveCount(0);

  await openFromMenu(page, 'en', 'TrainingProducts', '/training-products');

  // The second step of a key of several courses; then Back, and Forward.
  await openRedeem(page);
  await submitKey(page, 'CMP-MULTI-0201');
  const picker = page.getByRole('dialog', { name: r('CoursePicker.Title') });
  await expect(picker).toBeVisible();
  await page.goBack();
  await expectUsable(page, '/home', errors);
  await expect(page.getByRole('button', { name: r('Redeem.Open') }).first()).toBeEnabled();
  await page.goForward();
  await expectUsable(page, '/training-products', errors);
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'training', 'Page.Title') })).toBeVisible();
  // Back with the instructions modal open over the key's: both go.
  await openRedeem(page);
  await page.getByRole('button', { name: r('Redeem.InstructionsLink') }).click();
  await expect(page.getByRole('dialog', { name: r('Instructions.Title') })).toBeVisible();
  await page.goBack();
  await expectUsable(page, '/home', errors);
  await page.goForward();
  await expectUsable(page, '/training-products', errors);
  expect(cmpRedeems, 'nothing redeemed by going back and forth').toHaveLength(0);

  // Back while the key is being redeemed: the call is made once, the course arrives in the list of
  // the page the learner went back to, and Forward finds no dialog and nothing busy.
  await openRedeem(page);
  const hold = await holdNext(page, 'POST', /^\/api\/redemptions\/certmaster-platform$/);
  await page.locator('#redeem_accessKey').fill('DEMO-SUCCESS-0000');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: r('Redeem.Submit'), exact: true })
    .dblclick();
  await hold.held;
  await expect(page.getByRole('dialog').locator('[aria-busy="true"]')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await hold.release();
  await expect(page.getByTestId('active-products').getByText('IT Support Core 1 CertMaster Learn')).toBeVisible();
  await expectUsable(page, '/home', errors);
  await page.goForward();
  await expectUsable(page, '/training-products', errors);
  expect(platformRedeems, 'the key was sent once').toHaveLength(1);
  // The redemption stands: the same key again finds the course active.
  await openRedeem(page);
  await submitKey(page, 'DEMO-SUCCESS-0000');
  await expect(page.getByRole('dialog', { name: r('NoActivation.Title') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expectUsable(page, '/training-products', errors);

  // A reload at the course picker: the page shows with no dialog, the flow starts at the key again
  // and completes, with one redemption.
  await openRedeem(page);
  await submitKey(page, 'CMP-MULTI-0201');
  await expect(picker).toBeVisible();
  await page.locator('#course-picker_productId').selectOption({ label: 'Networking Essentials CertMaster Practice' });
  await page.reload();
  await expectUsable(page, '/training-products', errors);
  await openRedeem(page);
  await submitKey(page, 'CMP-MULTI-0201');
  await expect(picker).toBeVisible();
  await expect(page.locator('#course-picker_productId')).toHaveValue('');
  await page.locator('#course-picker_productId').selectOption({ label: 'Networking Essentials CertMaster Practice' });
  await picker.getByRole('button', { name: r('CoursePicker.Submit') }).dblclick();
  const success = page.getByRole('dialog', { name: r('Success.Title') });
  await expect(success.getByRole('listitem')).toHaveText(['Networking Essentials CertMaster Practice']);
  await success.getByRole('button', { name: r('Common.Done') }).click();
  await expectUsable(page, '/training-products', errors);
  expect(cmpRedeems, 'one course redeemed, once').toHaveLength(1);
  expect(platformRedeems).toHaveLength(2);
});

test('upgrade and legacy link: Back and Forward with the password typed, a reload there, then the link completes once', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectPageErrors(page);
  const links = countCalls(page, 'POST', /^\/api\/accounts\/[^/]+\/link-certmaster$/);
  const upgrades = countCalls(page, 'POST', /^\/api\/profiles\/[^/]+\/cmp\/profile$/);
  const redeems = countCalls(page, 'POST', /^\/api\/redemptions\/certmaster-platform$/);
  await signIn(page, 'e2e.nav.link@example.com', E2E_PASSWORD);
  await expect(page.locator('.skeleton')).toHaveCount(0);
  await openFromMenu(page, 'en', 'TrainingProducts', '/training-products');

  const toLinkForm = async () => {
    await openRedeem(page);
    await submitKey(page, 'DEMO-SUCCESS-0000');
    const upgrade = page.getByRole('dialog', { name: r('Upgrade.Title') });
    await expect(upgrade.getByText(r('Upgrade.FoundText'))).toBeVisible();
    await upgrade.getByRole('button', { name: r('Upgrade.Connect') }).click();
    const login = page.getByRole('dialog', { name: r('Link.Title') });
    await expect(login.getByLabel(r('Link.Login'))).toBeFocused();
    // Nothing of an earlier attempt in either field.
    await expect(login.getByLabel(r('Link.Login'))).toHaveValue('');
    await expect(login.getByLabel(r('Link.Password'))).toHaveValue('');
    await login.getByLabel(r('Link.Login')).fill('legacy.nav');
    await login.getByLabel(r('Link.Password')).fill(LEGACY_PASSWORD);
    return login;
  };

  // Back at the upgrade modal, Forward.
  await openRedeem(page);
  await submitKey(page, 'DEMO-SUCCESS-0000');
  await expect(page.getByRole('dialog', { name: r('Upgrade.Title') })).toBeVisible();
  await page.goBack();
  await expectUsable(page, '/home', errors);
  await page.goForward();
  await expectUsable(page, '/training-products', errors);

  // Back at the login form with the password typed, Forward: nothing of it is left.
  await toLinkForm();
  await page.goBack();
  await expectUsable(page, '/home', errors, [LEGACY_PASSWORD]);
  await page.goForward();
  await expectUsable(page, '/training-products', errors, [LEGACY_PASSWORD]);
  await expect(page.locator('input[type="password"]')).toHaveCount(0);

  // A reload there.
  await toLinkForm();
  await page.reload();
  await expectUsable(page, '/training-products', errors, [LEGACY_PASSWORD]);
  expect(links, 'no link made by leaving the form').toHaveLength(0);
  expect(upgrades).toHaveLength(0);
  expect(redeems).toHaveLength(0);

  // Started again, the link goes through once (a double press), and the key redeems once.
  const login = await toLinkForm();
  await login.getByRole('button', { name: r('Link.Submit') }).dblclick();
  const linked = page.getByRole('dialog', { name: r('LinkedSuccess.Title') });
  await expect(linked.getByText(r('Result.Success'))).toBeVisible();
  await linked.getByRole('button', { name: r('Common.Done') }).click();
  await expect(page.getByTestId('training-products').getByText('IT Support Core 1 CertMaster Learn')).toBeVisible();
  await expectUsable(page, '/training-products', errors, [LEGACY_PASSWORD]);
  expect(links).toHaveLength(1);
  expect(redeems).toHaveLength(1);
  expect(upgrades).toHaveLength(0);
});

for (const lang of ['en', 'ja'] as const) {
  test(`[${lang}] e-mail change: Back and Forward at the code step, a reload there, Back while the change is sent`, async ({ page }) => {
    test.setTimeout(120_000);
    const account = lang === 'en' ? 'e2e.nav.email@example.com' : 'e2e.nav.email.ja@example.com';
    const newEmail = `e2e.nav.moved.${lang}@example.com`;
    const errors = collectPageErrors(page);
    const sends = countCalls(page, 'POST', /\/send-email-verification-code$/);
    const changes = countCalls(page, 'POST', /\/change-email$/);
    await signIn(page, account, E2E_PASSWORD, { lang });
    await expect(page.locator('.skeleton')).toHaveCount(0);
    await openFromMenu(page, lang, 'Account', '/account');

    const code = async () => {
      const outbox = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(newEmail)}`);
      const found = /\b(\d{6})\b/.exec(((await outbox.json()) as { text: string }[])[0]?.text ?? '')?.[1] ?? '';
      expect(found).toMatch(/^\d{6}$/);
      return found;
    };
    /** Step 1 from the start (nothing of an earlier attempt in it), then step 2 with the code typed. */
    const toCodeStep = async () => {
      await panel(page)
        .getByRole('button', { name: text(lang, 'widgets', 'Actions.Edit'), exact: true })
        .click();
      await expect(page.locator('#email_email')).toHaveValue('');
      await expect(page.locator('#email_currentPassword')).toHaveValue('');
      await page.locator('#email_email').fill(newEmail);
      await page.locator('#email_currentPassword').fill(E2E_PASSWORD);
      const sent = page.waitForResponse((response) => response.url().endsWith('/send-email-verification-code') && response.ok());
      await panel(page)
        .getByRole('button', { name: text(lang, 'account', 'Email.SendCode') })
        .dblclick();
      await sent;
      await expect(page.locator('#email_verificationCode')).toBeVisible();
      const typed = await code();
      await page.locator('#email_verificationCode').fill(typed);
      return typed;
    };
    const stepOne = async () => {
      await expect(panel(page).getByRole('button', { name: text(lang, 'widgets', 'Actions.Edit'), exact: true })).toBeEnabled();
      await expect(page.locator('#email_verificationCode')).toHaveCount(0);
    };

    // Back at the code step, Forward: the account page is at its first step, nothing typed kept.
    let typed = await toCodeStep();
    expect(sends).toHaveLength(1);
    await page.goBack();
    await expectUsable(page, '/home', errors, [E2E_PASSWORD, typed]);
    await page.goForward();
    await expectUsable(page, '/account', errors, [E2E_PASSWORD, typed]);
    await stepOne();

    // A reload at the code step: the same.
    typed = await toCodeStep();
    expect(sends).toHaveLength(2);
    await page.reload();
    await expectUsable(page, '/account', errors, [E2E_PASSWORD, typed]);
    await stepOne();
    expect(changes, 'no change sent by leaving the step').toHaveLength(0);

    // Started again, the code is sent and, while the change is on its way, the learner goes Back:
    // it is made once, the learner is told, and signed out as after any change of the e-mail.
    typed = await toCodeStep();
    expect(sends).toHaveLength(3);
    const hold = await holdNext(page, 'POST', /\/change-email$/);
    await panel(page)
      .getByRole('button', { name: text(lang, 'account', 'Email.Submit') })
      .dblclick();
    await hold.held;
    await page.goBack();
    await expectUsable(page, '/home', errors, [E2E_PASSWORD, typed]);
    await hold.release();
    await expect(page.getByText(text(lang, 'portal', 'Toast.Success.EmailEdited'))).toBeVisible();
    await expect(page.locator('input[name="email"]')).toBeVisible({ timeout: 30_000 });
    expect(changes, 'the change was sent once').toHaveLength(1);
    expect(errors).toEqual([]);
  });
}
