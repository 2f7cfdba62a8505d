/*
 * What paints before MSAL has loaded and settled (src/portal/app/boot.tsx): the sign-in chunk
 * (`assets/session-*.js`) is held back by request interception until the test lets it go.
 *
 * - A tab that has had a session: the shell's fixed parts and the page's heading and intro show at
 *   once; nothing personal shows and no call reaches the services until the session is there.
 * - A signed-out visitor: nothing but the text-free outline until the browser leaves for the
 *   identity provider.
 * - A visitor whose session has ended (no tokens in the tab, none at the provider): the shell and
 *   the page's heading, then the identity provider's page, then the page they asked for.
 * Screenshots of each at 375 px go to the test's output folder under test-results/ (not committed).
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { text } from './support/faults';
import { MOBILE } from './support/screenshots';

const SESSION_CHUNK = /\/assets\/session-[^/]+\.js$/;

/** Holds the sign-in chunk until `release` is called. */
async function holdSessionChunk(page: Page): Promise<{ release: () => void; asked: () => boolean }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(SESSION_CHUNK, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/**
 * Calls to the services (the portal's configuration file is not one) made by the next document:
 * counting starts when the page has navigated, so a call the page before it still made is not its.
 */
function countServiceCalls(page: Page): () => string[] {
  const calls: string[] = [];
  let navigated = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigated = true;
  });
  page.on('request', (request) => {
    if (navigated && new URL(request.url()).pathname.startsWith('/api/')) calls.push(`${request.method()} ${request.url()}`);
  });
  return () => calls;
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

test('a signed-in tab paints the shell and the page heading before MSAL; nothing personal and no call before the session', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  const held = await holdSessionChunk(page);
  const calls = countServiceCalls(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/account', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'account', 'Account.Title') })).toBeVisible();
  await expect(page.getByText(text('en', 'account', 'Account.Intro'))).toBeVisible();
  // The header's fixed parts: the logo and the home link, the menus.
  await expect(
    page.getByRole('navigation', { name: text('en', 'portal', 'Header.MainNav') }).getByRole('link', { name: text('en', 'portal', 'Header.Home') }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: text('en', 'portal', 'Header.Help.Menu') })).toBeVisible();
  // The avatar's place, not the learner's menu; the learner's name nowhere; no call yet.
  expect(held.asked()).toBe(true);
  await expect(page.locator('.avatar-button--pending')).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('Alex');
  await page.waitForTimeout(500);
  expect(calls()).toEqual([]);
  await shot(page, 'signed-in-before-msal');

  held.release();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
  await expect(page.getByRole('tab').first()).toBeVisible();
  expect(calls().length).toBeGreaterThan(0);
  // The heading painted before the session is the one that stays.
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('the home page paints its lead (the greeting waits for the profile) before MSAL', async ({ page }) => {
  await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
  const held = await holdSessionChunk(page);
  await page.goto('/home', { waitUntil: 'commit' });
  await expect(page.getByText(text('en', 'home', 'Welcome.Lead'))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  held.release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Alex');
});

test('a signed-out visitor sees no page before the identity provider', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  const held = await holdSessionChunk(page);
  const calls = countServiceCalls(page);
  await page.goto('/account', { waitUntil: 'commit' });
  await expect.poll(() => held.asked()).toBe(true);
  // Start-up has the configuration and the texts by now; without a session in this tab it paints nothing.
  await page.waitForTimeout(1000);
  await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('h1')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(text('en', 'account', 'Account.Title'));
  await shot(page, 'signed-out-before-msal');
  const portalOrigin = new URL(page.url()).origin;
  held.release();
  await page.waitForURL((url) => url.origin !== portalOrigin, { timeout: 30_000 });
  await expect(page.locator('input[type="password"]')).toBeVisible();
  expect(calls()).toEqual([]);
});

test('a visitor whose session ended sees the shell and the page heading, then signs in again and lands on the page', async ({ page, context }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(MOBILE);
  await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/profile' });
  const portalOrigin = new URL(page.url()).origin;
  // The session ends: no token in this tab, no session at the provider. MSAL's cache goes as the next
  // document starts, before its scripts (once): emptied under the open page, that page would find out
  // itself at its next call and leave to sign in before the test navigates.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('test.sessionEnded')) return;
    sessionStorage.setItem('test.sessionEnded', '1');
    for (const key of Object.keys(sessionStorage)) if (!key.startsWith('portal.') && !key.startsWith('test.')) sessionStorage.removeItem(key);
  });
  await context.clearCookies();
  const held = await holdSessionChunk(page);
  const calls = countServiceCalls(page);
  await page.goto('/profile', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'profile', 'Profile.Title') })).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toHaveCount(0);
  await shot(page, 'session-ended-before-msal');
  held.release();
  await page.waitForURL((url) => url.origin !== portalOrigin, { timeout: 30_000 });
  await shot(page, 'session-ended-provider');
  expect(calls()).toEqual([]);
  await page.locator('input[name="email"], input[type="email"]').first().fill(DEMO_LEARNER.email);
  await page.locator('input[type="password"]').first().fill(DEMO_LEARNER.password);
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => url.origin === portalOrigin && url.pathname === '/profile', { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'profile', 'Profile.Title') })).toBeVisible();
  await expect(page.getByTestId('profile-menu')).toBeVisible();
});
