import { expect, test, type Page } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { screenshot } from './support/screenshots';

// Every page runs under the portal's strict Content-Security-Policy (no inline script or style, no
// eval) with no violation at all: each page is visited with a modal open and a toast shown, and the
// browser's own securitypolicyviolation events are collected.

async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (apply|load|execute|evaluate)/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return async () => [...console, ...((await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])) as string[])];
}

test.describe('strict Content-Security-Policy', () => {
  test('the signed-in portal shows pages, a modal and a toast with no violation', async ({ page }) => {
    const violations = await watchPolicy(page);
    await signIn(page, 'e2e.redeem@example.com', 'E2eLearner2026');
    const home = await page.request.get('/home');
    const policy = home.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(home.headers()['x-content-type-options']).toBe('nosniff');
    expect(home.headers()['referrer-policy']).toBeTruthy();

    // A modal (Radix dialog with its scroll lock).
    await page.getByRole('button', { name: 'Redeem access key' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await screenshot(page, 'csp-modal');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // A toast (sonner), from a saved profile.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.locator('#profile_company').fill('Policy Check Ltd');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile has been updated.')).toBeVisible();
    await screenshot(page, 'csp-toast');
    // The toast is styled by the stylesheet file (fixed at the bottom), not by an injected <style>.
    expect(await page.locator('[data-sonner-toaster]').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    expect(await page.locator('head style').count()).toBe(0);

    for (const path of ['/account', '/profile/pearson', '/no-such-page', '/home']) {
      await page.goto(path);
      await expect(page.getByTestId('profile-menu')).toBeVisible();
    }
    expect(await violations()).toEqual([]);
  });

  test('an open-redirect payload in redirectUrl ends on the portal', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const portal = new URL(page.url()).origin;
    await page.goto('/logout?redirectUrl=/.//evil.example/');
    // Signed out at the provider, then back: on the portal's origin, never evil.example.
    await page.waitForURL((url) => url.origin === portal && !url.pathname.startsWith('/logout'), { timeout: 30_000 }).catch(() => undefined);
    await page.waitForLoadState('domcontentloaded');
    expect(new URL(page.url()).hostname).not.toContain('evil');
  });

  test('a returnto payload on the exam-delivery form stays on the portal', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/profile/pearson?returnto=/\\evil.example/' });
    const back = page.getByRole('link', { name: /back|return/i }).first();
    const href = await back.getAttribute('href');
    expect(new URL(href ?? '/', page.url()).origin).toBe(new URL(page.url()).origin);
  });
});
