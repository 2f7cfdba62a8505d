/*
 * The pseudo-locale walk (docs/texts.md#the-pseudo-locale-walk): every page of the route table, as the
 * demo learner under ?ui_locales=en-XA, at 1280 and 375 px. A page fails on a visible text that did
 * not come through i18next (no pseudo brackets around it, not data marked translate="no" or
 * data-text-source="services", and not letter-free) and on a text clipped by its box. Also: "show keys" is never a learner's.
 */
import { expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEMO_LEARNER, signIn } from './support/auth';
import { DESKTOP, MOBILE } from './support/screenshots';
import { findProblems } from './support/page-texts';
import { REDIRECTS, WALKED_PAGES as PAGES } from './support/walked-pages';

async function walk(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  const problems: string[] = [];
  for (const { path } of PAGES) {
    await page.goto(path);
    await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The page's data has arrived: no skeleton or spinner left.
    await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    for (const finding of await page.evaluate(findProblems)) problems.push(`${size.width}px ${path}: ${finding.kind} "${finding.text}" at ${finding.where}`);
    if (path === '/home') {
      // The header's profile menu, open.
      await page.getByTestId('profile-menu').getByRole('button').first().click();
      await expect(page.getByTestId('profile-menu').getByRole('list')).toBeVisible();
      for (const finding of await page.evaluate(findProblems))
        problems.push(`${size.width}px ${path} (profile menu): ${finding.kind} "${finding.text}" at ${finding.where}`);
      await page.keyboard.press('Escape');
    }
  }
  return problems;
}

test.describe('the pseudo-locale', () => {
  test('the walk covers every route of the router', () => {
    const table = readFileSync('src/portal/app/routes.tsx', 'utf8');
    const routes = [...table.matchAll(/pageRoute\('([^']+)'/g)].map((match) => match[1] ?? '');
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const walked = PAGES.some((page) => page.route === route) || REDIRECTS.includes(route);
      expect(walked, `route ${route} is not walked`).toBe(true);
    }
  });

  test('every page, at 1280 and 375 px: each text came through i18next and none is clipped', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/home?ui_locales=en-XA' });
    // The pseudo-locale is kept for the session, and is English to the page's language.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('[');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const problems = [...(await walk(page, DESKTOP)), ...(await walk(page, MOBILE))];
    expect(problems).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: 'docs/images/pseudo-locale-1280.png', fullPage: true, animations: 'disabled' });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: 'docs/images/pseudo-locale-375.png', fullPage: true, animations: 'disabled' });
  });

  test('a text outside i18next is found (the check can fail)', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/home?ui_locales=en-XA' });
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const p = document.createElement('p');
      p.textContent = 'Hard-coded English';
      main.prepend(p);
      const box = document.createElement('div');
      // Set through the CSS object model, which the page's policy allows (a style attribute it would not).
      box.style.width = '60px';
      box.style.overflow = 'hidden';
      box.style.whiteSpace = 'nowrap';
      box.textContent = '[Ŵéļļ ŵŕĩţţéñ, ƀúţ ţóó ļóñĝ]';
      main.prepend(box);
    });
    const findings = await page.evaluate(findProblems);
    expect(findings).toContainEqual(expect.objectContaining({ kind: 'not-translated', text: 'Hard-coded English' }));
    expect(findings).toContainEqual(expect.objectContaining({ kind: 'clipped', text: '[Ŵéļļ ŵŕĩţţéñ, ƀúţ ţóó ļóñĝ]' }));
    expect(findings.filter((finding) => finding.text.includes('Ŵéļļ') && finding.kind === 'not-translated')).toEqual([]);
  });
});

const TRANSLATOR = { email: 'translator@example.com', password: 'TranslatorDemo2026' } as const;

test.describe('show keys', () => {
  test('the localisation role turns it on in the profile menu; a text tells its key and links to the texts console', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, TRANSLATOR.email, TRANSLATOR.password, { path: '/profile' });
    await page.getByTestId('profile-menu').getByRole('button').first().click();
    const toggle = page.getByTestId('show-keys-toggle');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Escape');
    const panel = page.getByTestId('show-keys-panel');
    await expect(panel).toBeVisible();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveAttribute('data-text-key', /^profile:/);
    await heading.hover();
    const key = (await heading.getAttribute('data-text-key'))!.split(' ')[0]!;
    await expect(panel.getByText(key, { exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open in the texts console' })).toHaveAttribute('href', `/admin/texts?key=${encodeURIComponent(key)}`);
    // From the keyboard: a text that is not a control can be focused, and the panel follows focus.
    await page.locator('[data-text-key-focus]').first().focus();
    await expect(panel.getByRole('link', { name: 'Open in the texts console' })).toBeVisible();
    // Visible texts are unchanged (the key is carried invisibly).
    await expect(heading).not.toContainText('profile:');
    await panel.getByRole('button', { name: 'Hide text keys' }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.locator('[data-text-key]')).toHaveCount(0);
  });

  test("is never a learner's: no toggle, and the stored wish set by hand marks nothing", async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await page.getByTestId('profile-menu').getByRole('button').first().click();
    await expect(page.getByTestId('profile-menu').getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
    await expect(page.getByTestId('show-keys-toggle')).toHaveCount(0);
    await page.evaluate(() => sessionStorage.setItem('portal.showKeys', 'on'));
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-text-key]')).toHaveCount(0);
    await expect(page.getByTestId('show-keys-panel')).toHaveCount(0);
  });
});
