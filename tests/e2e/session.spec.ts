/*
 * The session ends while a form is open: the tokens are gone from this tab and the identity
 * provider's session with them (its cookies cleared), so the token cannot be renewed. Save sends the
 * learner to sign in again; back on the same page the form is open with what they typed (kept in
 * session storage for that purpose, never a password or a code) and the save completes.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { MOBILE } from './support/screenshots';

const ACCOUNT = { email: 'e2e.faults.session@example.com', password: 'E2eLearner2026' };
const OTHER = { email: 'e2e.faults.session2@example.com', password: 'E2eLearner2026' };

test('a session that ends under the profile form: sign in again, the form is back as typed, the save completes', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(MOBILE);
  await signIn(page, ACCOUNT.email, ACCOUNT.password, { path: '/profile' });
  const portalOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.locator('#profile_primaryAddress_city').fill('Sessionville');
  await page.locator('#profile_primaryAddress_address1').fill('9 Renewal Road');

  // The session ends: no token in this tab, no session at the provider.
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (/token|account|msal/i.test(key) && !key.startsWith('portal.')) sessionStorage.removeItem(key);
  });
  await context.clearCookies();
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && /\/api\/profiles\//.test(request.url())) patches.push(request.url());
  });
  await page.getByRole('button', { name: 'Save' }).click();

  // The provider's sign-in page; what was typed waits in session storage, without secrets.
  await page.waitForURL((url) => url.origin !== portalOrigin, { timeout: 30_000 });
  await page.locator('input[name="email"], input[type="email"]').first().fill(ACCOUNT.email);
  await page.locator('input[type="password"]').first().fill(ACCOUNT.password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => url.origin === portalOrigin && url.pathname === '/profile', { timeout: 30_000 });
  const draft = await page.evaluate(() => sessionStorage.getItem('portal.draft.profile'));
  expect(draft).toContain('Sessionville');

  await expect(page.locator('#profile_primaryAddress_city')).toHaveValue('Sessionville');
  await expect(page.locator('#profile_primaryAddress_address1')).toHaveValue('9 Renewal Road');
  await expect(page.locator('#profile_primaryAddress_city')).toBeEditable();
  expect(patches).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();
  expect(patches).toHaveLength(1);
  expect(await page.evaluate(() => sessionStorage.getItem('portal.draft.profile'))).toBeNull();

  await page.reload();
  await expect(page.locator('#profile_primaryAddress_city')).toHaveValue('Sessionville');
  await expect(page.locator('#profile_primaryAddress_city')).not.toBeEditable();
});

test("another account signing in after the session ended never sees the first account's draft", async ({ page, context }) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNT.email, ACCOUNT.password, { path: '/profile' });
  const portalOrigin = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.locator('#profile_primaryAddress_city').fill('Somebody Elses Town');
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (/token|account|msal/i.test(key) && !key.startsWith('portal.')) sessionStorage.removeItem(key);
  });
  await context.clearCookies();
  await page.getByRole('button', { name: 'Save' }).click();

  // Someone else signs in at the provider's page in the same tab.
  await page.waitForURL((url) => url.origin !== portalOrigin, { timeout: 30_000 });
  await page.locator('input[name="email"], input[type="email"]').first().fill(OTHER.email);
  await page.locator('input[type="password"]').first().fill(OTHER.password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => url.origin === portalOrigin && url.pathname === '/profile', { timeout: 30_000 });

  // The other account's profile, in read mode, without the first account's text; the draft is gone.
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  await expect(page.locator('#profile_primaryAddress_city')).not.toHaveValue('Somebody Elses Town');
  await expect(page.getByText('Somebody Elses Town')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('portal.draft.profile'))).toBeNull();
});
