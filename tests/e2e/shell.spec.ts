import { expect, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

test.describe('portal shell', () => {
  test('signs in on the provider page, greets by preferred name and lists active products', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, {
      onProviderPage: async (provider) => {
        await expect(provider.locator('html')).toHaveAttribute('lang', 'en');
      },
    });
    await expect(page).toHaveURL(/\/home$/);
    const heading = page.getByRole('heading', { level: 1 });
    // The demo learner's legal first name is Alexandra; the preferred one is Alex.
    await expect(heading).toHaveText('Welcome, Alex');
    const products = page.getByTestId('active-products').getByRole('listitem');
    await expect(products.first()).toBeVisible();
    expect(await products.count()).toBeGreaterThan(0);
    // Profile menu: the greeting name and the account e-mail are the signed-in user's.
    const profileButton = page.getByTestId('profile-menu').getByRole('button');
    await profileButton.click();
    await expect(page.getByTestId('profile-menu').getByText(DEMO_LEARNER.email)).toBeVisible();
    const menuName = (await page.locator('.profile-card__name').textContent()) ?? '';
    const greeted = ((await heading.textContent()) ?? '').replace(/^Welcome, /, '');
    expect(menuName.startsWith(greeted)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(profileButton).toBeFocused();
    await expect(profileButton).toHaveAttribute('aria-expanded', 'false');

    // No exam-delivery candidate id yet: the exam entry points lead to the exam-delivery form first.
    const schedule = page.getByRole('link', { name: 'Schedule Exam' });
    await expect(schedule).toHaveAttribute('href', '/profile/pearson');

    await screenshot(page, 'home-desktop-en');
    await expectNoSeriousA11yViolations(page, 'home en');
  });

  test('header menus work from the keyboard and pass axe when open', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const certification = page.getByRole('button', { name: 'Certification' });
    await certification.focus();
    await page.keyboard.press('Enter');
    await expect(certification).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'My Exams' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'certification menu');
    await page.keyboard.press('Escape');
    await expect(certification).toHaveAttribute('aria-expanded', 'false');

    const help = page.getByRole('button', { name: 'Help' });
    await help.click();
    const helpLinks = page.locator(`#${await help.getAttribute('aria-controls')} a`);
    await expect(helpLinks).toHaveCount(3);
    // Each signs the learner in to the support desk through /help (tests/e2e/launch.spec.ts follows them).
    for (const link of await helpLinks.all()) {
      await expect(link).toHaveAttribute('href', /^\/help(\?returnto=https)?/);
      await expect(link).not.toHaveAttribute('target', '_blank');
    }
    await page.getByTestId('profile-menu').getByRole('button').click();
    await expect(page.getByRole('link', { name: 'Profile', exact: true })).toHaveAttribute('href', '/profile');
    await expect(page.getByRole('link', { name: 'Login credentials' })).toHaveAttribute('href', '/account');
    await screenshot(page, 'profile-menu-desktop-en');
    await expectNoSeriousA11yViolations(page, 'profile menu');
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/no-such-page' });
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist or has moved.')).toBeVisible();
    await screenshot(page, 'not-found-desktop-en');
    await expectNoSeriousA11yViolations(page, 'not-found en');
    await page.getByRole('link', { name: 'Go to the homepage' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('the root path goes to /home and keeps the query string', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await page.goto('/?source=email#top');
    await expect(page).toHaveURL(/\/home\?source=email#top$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('below 768 px the nav sits in its own bar', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const logo = await page.locator('.header__logo').boundingBox();
    const nav = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    const actions = await page.locator('.header__actions').boundingBox();
    expect(logo && nav && actions).toBeTruthy();
    expect(nav!.y).toBeGreaterThanOrEqual(logo!.y + logo!.height - 1);
    expect(nav!.y).toBeGreaterThanOrEqual(actions!.y + actions!.height - 1);
    expect(nav!.width).toBeGreaterThan(MOBILE.width - 40);
    await expect(page.getByTestId('active-products').getByRole('listitem').first()).toBeVisible();
    await screenshot(page, 'home-mobile-en');
    await expectNoSeriousA11yViolations(page, 'home mobile en');
    await page.goto('/missing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screenshot(page, 'not-found-mobile-en');
  });

  test('the whole flow follows ui_locales=ja, including the provider page', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, {
      lang: 'ja',
      onProviderPage: async (provider) => {
        await expect(provider.locator('html')).toHaveAttribute('lang', 'ja');
        await screenshot(provider, 'provider-signin-desktop-ja');
      },
    });
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ようこそ、Alex さん');
    await expect(page.getByRole('heading', { level: 2, name: 'トレーニングを利用する' })).toBeVisible();
    await expect(page.getByTestId('active-products').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('無断転載を禁じます');
    await screenshot(page, 'home-desktop-ja');
    await expectNoSeriousA11yViolations(page, 'home ja');

    // The language is kept for the session without the query parameter.
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
    await screenshot(page, 'not-found-desktop-ja');
    await expectNoSeriousA11yViolations(page, 'not-found ja');

    await page.setViewportSize(MOBILE);
    await page.goto('/home');
    await expect(page.getByTestId('active-products').getByRole('listitem').first()).toBeVisible();
    await screenshot(page, 'home-mobile-ja');
    await expectNoSeriousA11yViolations(page, 'home mobile ja');
  });

  test('the redeem button opens the redeem dialog, its info link the instructions, and Escape closes them', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const redeem = page.getByRole('button', { name: 'Redeem access key' });
    await redeem.click();
    const dialog = page.getByRole('dialog', { name: 'Redeem Access Key' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('#redeem_accessKey')).toBeFocused();
    await page.getByRole('button', { name: 'Where do I find my access key?' }).click();
    const instructions = page.getByRole('dialog', { name: 'How to redeem an access key' });
    await expect(instructions).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'instructions dialog');
    await page.keyboard.press('Escape');
    await expect(instructions).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(redeem).toBeFocused();
  });

  test('logging out ends the provider session and the next visit asks to sign in', async ({ page }) => {
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    const portalOrigin = new URL(page.url()).origin;
    await page.getByTestId('profile-menu').getByRole('button').click();
    await page.getByRole('button', { name: 'Log out' }).click();
    // Back at the portal root, which asks the provider to sign in again.
    await page.waitForURL((url) => url.origin !== portalOrigin && /interaction|login|auth/.test(url.pathname), { timeout: 30_000 });
    await expect(page.locator('input[type="password"]')).toBeVisible();
  });
});
