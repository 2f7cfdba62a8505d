import { expect, test, type Page } from '@playwright/test';
import { demoAccounts } from '../../src/server/seed/demo-data';
import { DEMO_LEARNER, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

// The admin area (/admin): a learner sees no entry to it and "not available" at its addresses; a
// product owner reaches the field rules and the form gallery. Every page axe-clean, with no
// Content-Security-Policy violation (the gallery imports validators the services compiled: no eval).

/** The product-owner demo account (docs/admin-area.md), seeded by the services once roles exist. */
const OWNER = { email: 'owner@example.com', password: 'OwnerDemo2026' } as const;
const OWNER_SEEDED = demoAccounts.some((account) => account.email === OWNER.email);

async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (apply|load|execute|evaluate)/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = violations;
    document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...seen, ...((await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])) as string[])];
}

test.describe('admin area, as a learner', () => {
  test('the profile menu has no admin entry, and every admin address says not available', async ({ page }) => {
    const violations = await watchPolicy(page);
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await page.getByTestId('profile-menu').getByRole('button').click();
    await expect(page.getByTestId('profile-menu').getByRole('link', { name: 'Profile', exact: true })).toBeVisible();
    await expect(page.getByTestId('admin-entry')).toHaveCount(0);
    await page.keyboard.press('Escape');

    for (const path of ['/admin', '/admin/rules', '/admin/rules/profile?field=primaryAddress/city', '/admin/gallery']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Not available' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Admin area' })).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page, 'admin not available en');
    await screenshot(page, 'admin-not-available-desktop-en');

    await page.setViewportSize(MOBILE);
    await page.goto('/admin?ui_locales=ja');
    await expect(page.getByRole('heading', { level: 1, name: '利用できません' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin not available ja');
    await screenshot(page, 'admin-not-available-mobile-ja');
    expect(await violations()).toEqual([]);
  });
});

test.describe('admin area, as a product owner', () => {
  // Runs once the services seed the product-owner demo account (the roles claim and the account come
  // with the rules API); until then it is skipped, and says why.
  test.skip(!OWNER_SEEDED, `the demo account ${OWNER.email} is not seeded yet (src/server/seed/demo-data.ts)`);

  test('reaches the admin area from the profile menu; the rules editor makes a draft; the pages pass axe', async ({ page }) => {
    const violations = await watchPolicy(page);
    await page.setViewportSize(DESKTOP);
    await signIn(page, OWNER.email, OWNER.password);
    await page.getByTestId('profile-menu').getByRole('button').click();
    await page.getByTestId('admin-entry').click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin area' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'admin home');

    await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Field rules' }).click();
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await page.getByLabel('Field', { exact: true }).selectOption('primaryAddress/city');
    const declaration = page.getByRole('group', { name: 'Rules of this field' });
    const max = declaration.getByLabel('At most this many characters');
    await expect(max).toHaveValue('32');
    await max.fill('20');
    const draft = page.getByRole('region', { name: 'Draft', exact: true });
    await expect(draft.getByText('32 → 20')).toBeVisible();
    await expect(declaration.getByText(/Changing these rules changes \d+ fields in 4 forms/)).toBeVisible();
    // A refused value shows at its control, from the keyboard too.
    const min = declaration.getByLabel('At least this many characters');
    // Keys sent to the control itself: the draft panel re-renders beside it as changes arrive.
    await min.fill('');
    await min.pressSequentially('40');
    await expect(min).toHaveAttribute('aria-invalid', 'true');
    // Shown at both bounds it concerns (the least and the most).
    await expect(declaration.getByText('The smallest value (40) is above the largest (20).')).toHaveCount(2);
    await expect(declaration.getByText('The smallest value (40) is above the largest (20).').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Published rules' }).locator('#published-profile_primaryAddress_city')).toBeVisible({ timeout: 30_000 });
    await expectNoSeriousA11yViolations(page, 'rules editor');
    await screenshot(page, 'admin-rules-desktop-en');
    await page.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(page, 'rules editor 375');
    await screenshot(page, 'admin-rules-mobile-en');
    expect(await violations()).toEqual([]);
  });

  test('the form gallery validates as you type with no eval and no violation, in English and Japanese', async ({ page }) => {
    const violations = await watchPolicy(page);
    await page.setViewportSize(DESKTOP);
    await signIn(page, OWNER.email, OWNER.password, { path: '/admin/gallery' });
    const response = await page.request.get('/admin/gallery');
    expect(response.headers()['content-security-policy']).not.toContain('unsafe-eval');
    const city = page.locator('#profile_primaryAddress_city');
    await expect(city).toBeVisible({ timeout: 30_000 });
    await city.fill('x'.repeat(45));
    await city.blur();
    await expect(page.locator('#profile_primaryAddress_city__error')).toContainText('Invalid city');
    await expectNoSeriousA11yViolations(page, 'gallery en');
    await page.getByRole('button', { name: '日本語' }).click();
    await expect(page.getByRole('region', { name: 'プロフィール', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'gallery ja');
    expect(await violations()).toEqual([]);
  });

  test('the gallery on a Japanese page previews the forms in Japanese from the start', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, OWNER.email, OWNER.password, { path: '/admin/gallery', lang: 'ja' });
    const profile = page.getByRole('region', { name: 'プロフィール', exact: true });
    await expect(profile).toBeVisible({ timeout: 30_000 });
    // The form, its labels and the context it is given: the page's language, not English.
    await expect(profile.locator('label[for="profile_primaryAddress_city"]')).toContainText('市区町村');
    await expect(profile.getByRole('group', { name: 'ポータルから渡される状況' })).toBeVisible();
    await expect(page.getByRole('button', { name: '日本語' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Context the portal passes')).toHaveCount(0);
    // The switch still changes the preview alone.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('region', { name: 'Profile', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('フォームギャラリー');
  });
});
