import { expect, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';

const ROLE_PASSWORD = 'RoleDemo2026';

test.describe('portal session behaviours', () => {
  test('a certMasterId that differs from the profile refreshes the profile once', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    // The page signed in to has read the profile (its greeting comes from it) before the count starts.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Alex');
    const profileCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/profiles/account/')) profileCalls.push(request.url());
    });
    // Same id as the stored profile: nothing to refresh beyond the page's own load.
    await page.goto('/home?certMasterId=cm-1000001');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Alex');
    await page.waitForTimeout(500);
    const sameIdCalls = profileCalls.length;
    expect(sameIdCalls).toBe(1);

    profileCalls.length = 0;
    await page.goto('/home?certMasterId=cm-other');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Alex');
    await expect.poll(() => profileCalls.length).toBe(2);
    await page.waitForTimeout(500);
    expect(profileCalls.length).toBe(2);
  });

  test('/logout?redirectUrl= signs out and comes back to the given page, which asks to sign in', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const portalOrigin = new URL(page.url()).origin;
    const providerVisits: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) providerVisits.push(frame.url());
    });
    await page.goto('/logout?redirectUrl=/home%3Fui_locales%3Dja');
    await page.waitForURL((url) => url.origin !== portalOrigin && /interaction|login|auth/.test(url.pathname), { timeout: 30_000 });
    expect(providerVisits.some((url) => url.startsWith(`${portalOrigin}/home?ui_locales=ja`))).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.locator('input[type="password"]')).toBeVisible();
  });

  test('/logout never sends the user to a host off the whitelist', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const portalOrigin = new URL(page.url()).origin;
    await page.goto('/logout?redirectUrl=https%3A%2F%2Fevil.example%2F');
    await page.waitForURL((url) => url.origin !== portalOrigin && /interaction|login|auth/.test(url.pathname), { timeout: 30_000 });
    expect(page.url()).not.toContain('evil.example/');
  });

  const roles = [
    ['employee', 'Employee tools', 'EmployeeTools'],
    ['administrator', 'Institution management', 'MySchools'],
    ['instructor', 'Class management', 'MySchools'],
    ['other', 'Courseware home', 'MyCourses'],
  ] as const;
  for (const [role, label, target] of roles) {
    test(`the ${role} role adds the "${label}" link to the header`, async ({ page }) => {
      await signIn(page, `${role}@example.com`, ROLE_PASSWORD);
      const link = page.getByTestId('cmp-role-link');
      await expect(link).toHaveText(label);
      await expect(link).toHaveAttribute('href', new RegExp(`target=${target}`));
      if (role === 'administrator') {
        await expect(link).toHaveAttribute('href', /classroom=campus-1001/);
        await expectNoSeriousA11yViolations(page, 'header with role link');
      }
    });
  }

  test('a learner without a platform role gets no role link', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Employee tools' })).toHaveCount(0);
    await expect(page.getByTestId('cmp-role-link')).toHaveCount(0);
  });
});
