/*
 * Signing in through the real identity provider's page, for every browser test.
 *
 * Use:
 *   import { signIn, DEMO_LEARNER } from './support/auth';
 *   await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);               // lands on /home
 *   await signIn(page, email, password, { lang: 'ja', path: '/profile' });       // Japanese, deep link
 * The portal redirects to the provider, the provider's form is filled in, and the helper waits until
 * the portal is back on its own origin with the signed-in shell shown (the header's profile menu).
 */
import { expect, test, type Page } from '@playwright/test';

export const DEMO_LEARNER = { email: 'learner@example.com', password: 'LearnerDemo2026' } as const;

export interface SignInOptions {
  lang?: 'en' | 'ja';
  /** Portal path to open first (default /home); the user comes back to it after sign-in. */
  path?: string;
  /** Runs on the provider's sign-in page before the form is filled (checks, screenshots). */
  onProviderPage?: (page: Page) => Promise<void>;
}

export async function signIn(page: Page, email: string, password: string, options: SignInOptions = {}): Promise<void> {
  const path = options.path ?? '/home';
  const url = new URL(path, 'http://portal.invalid');
  if (options.lang) url.searchParams.set('ui_locales', options.lang);
  const portalOrigin = new URL(test.info().project.use.baseURL ?? 'http://localhost:4302').origin;

  await page.goto(`${url.pathname}${url.search}${url.hash}`);
  // The portal sends the browser to the provider (another origin, over TLS).
  await page.waitForURL((current) => current.origin !== portalOrigin, { timeout: 30_000 });

  if (options.onProviderPage) await options.onProviderPage(page);
  const emailField = page.locator('input[type="email"], input[name="email"], input[name="login"], input[autocomplete="username"]').first();
  await emailField.fill(email);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('button[type="submit"], input[type="submit"]').first().click();

  await page.waitForURL((current) => current.origin === portalOrigin, { timeout: 30_000 });
  await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 30_000 });
}
