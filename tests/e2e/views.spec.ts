/*
 * The remaining views of the signed-in portal: the onboarding cards on home, the announcements page
 * and the explore launchpad, in English and Japanese, each checked with axe and photographed at
 * 1280 and 375 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { DEMO_LEARNER, signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4404);
const onSandbox = (url: URL) => url.port === String(SANDBOX_PORT) && url.protocol === 'https:';

/** Home has finished loading: the greeting and the learner's products are on the page. */
async function homeLoaded(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Alex');
  await expect(page.getByTestId('active-products').getByRole('listitem').first()).toBeVisible();
}

test.describe('onboarding cards', () => {
  test('greet the first visit, close from the keyboard for good, and stay closed after a reload', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await homeLoaded(page);
    const cards = page.getByRole('region', { name: 'Getting started' });
    await expect(cards).toBeVisible();
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Your account is protected', 'One sign-in for everything', 'Start learning in minutes']);
    // Above the home cards.
    const cardsBox = (await cards.boundingBox())!;
    const trainingBox = (await page.getByRole('region', { name: 'Access Your Training' }).boundingBox())!;
    expect(cardsBox.y + cardsBox.height).toBeLessThanOrEqual(trainingBox.y);
    await expectNoSeriousA11yViolations(page, 'home with onboarding');
    await screenshot(page, 'onboarding-1280-en');
    await page.setViewportSize(MOBILE);
    await expect(cards).toBeVisible();
    await screenshot(page, 'onboarding-375-en');
    await page.setViewportSize(DESKTOP);

    const close = cards.getByRole('button', { name: 'Hide these tips' });
    await close.focus();
    await page.keyboard.press('Enter');
    await expect(cards).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('certportal:onboarding:v1:dismissed:')));
    expect(stored).toHaveLength(1);

    await page.reload();
    await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 30_000 });
    await homeLoaded(page);
    await expect(page.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
  });

  test('speak Japanese', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { lang: 'ja' });
    const cards = page.getByRole('region', { name: 'はじめに' });
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
      'アカウントは保護されています',
      'ひとつのサインインですべてに',
      '数分で学習を始められます',
    ]);
    await expect(cards.getByRole('button', { name: 'このヒントを閉じる' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'home with onboarding ja');
    await screenshot(page, 'onboarding-375-ja');
  });
});

test.describe('announcements page', () => {
  test("is reached from home's section and shows every announcement of the UI language under its heading", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await page.getByRole('link', { name: 'See all announcements' }).click();
    await expect(page).toHaveURL(/\/announcements$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Announcements');
    const list = page.getByTestId('announcement-list');
    // Both English announcements (newest first; the demo data publishes them at the same moment).
    await expect(list.getByRole('heading', { level: 2 })).toHaveCount(2);
    await expect(list.getByRole('heading', { level: 2, name: 'Welcome to the new portal' })).toBeVisible();
    await expect(list.getByRole('article', { name: 'Scheduled maintenance' })).toContainText('Exam scheduling is unavailable on Sunday');
    await expectNoSeriousA11yViolations(page, 'announcements en');
    await screenshot(page, 'announcements-1280-en');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'announcements-375-en');
  });

  test('keeps the line breaks of each message', async ({ page }) => {
    // Messages written over several lines, as an editor would publish them.
    await page.route('**/api/announcements/**', (route) =>
      route.fulfill({
        json: [
          { id: 'a', heading: 'Exam centre closures', message: 'Centres in Osaka are closed on Monday.\nCentres in Tokyo open as usual.' },
          { id: 'b', heading: 'New courses', message: 'Cloud Fundamentals 2027 is out.\nRedeem your key to start.' },
        ],
      }),
    );
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { path: '/announcements' });
    const messages = page.getByTestId('announcement-list').locator('.announcement__message');
    await expect(messages).toHaveCount(2);
    for (const message of await messages.all()) {
      // The rendered lines of the text: one per line of the message (the page is wide enough for each).
      const lines = await message.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines).toBe(2);
    }
    await screenshot(page, 'announcements-line-breaks-1280-en');
  });

  test('speaks Japanese and shows the Japanese announcements', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { lang: 'ja', path: '/announcements' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('お知らせ');
    const headings = page.getByTestId('announcement-list').getByRole('heading', { level: 2 });
    await expect(headings).toHaveCount(2);
    await expect(headings.filter({ hasText: 'メンテナンスのお知らせ' })).toBeVisible();
    await expect(headings.filter({ hasText: '新しいポータルへようこそ' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'announcements ja');
    await screenshot(page, 'announcements-375-ja');
  });
});

test.describe('explore launchpad', () => {
  test('gathers launch buttons and partner entry points, and a launch from it reaches the partner', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await page.getByRole('link', { name: 'Explore everything in one place' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore');

    const training = page.getByRole('region', { name: 'Your training' });
    await expect(training.getByRole('button', { name: 'Redeem access key' })).toBeVisible();
    const launches = training.getByRole('button', { name: /^Open / });
    await expect(launches.first()).toBeVisible();
    expect(await launches.count()).toBeGreaterThanOrEqual(5);

    const exams = page.getByRole('region', { name: 'Exams' });
    await expect(exams.getByRole('link', { name: 'Schedule Exam' })).toHaveAttribute('href', '/profile/pearson');
    const certification = page.getByRole('region', { name: 'Certifications' });
    await expect(certification.getByRole('link')).toHaveCount(3);
    // The certification tracker is the portal's own embedded routes (certmetrics flag).
    await expect(certification.getByRole('link', { name: 'My certifications' })).toHaveAttribute('href', '/certification/certifications');
    const help = page.getByRole('region', { name: 'Help and support' });
    await expect(help.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    await expect(page.getByRole('region', { name: 'Store' }).getByRole('link', { name: /Browse the store/ })).toHaveAttribute('href', /^https:\/\//);

    await expectNoSeriousA11yViolations(page, 'explore en');
    await screenshot(page, 'explore-1280-en');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'explore-375-en');
    await page.setViewportSize(DESKTOP);

    // The launch buttons are the launch feature's own: the eBook opens at the sandbox, which says valid.
    const popup = page.context().waitForEvent('page', { timeout: 10_000 });
    await training.getByRole('button', { name: 'Open Networking Essentials eBook' }).click();
    const opened = await popup;
    await opened.waitForURL((url) => onSandbox(url), { timeout: 15_000 });
    await expect(opened.locator('main[data-partner]')).toHaveAttribute('data-valid', 'true');
    await opened.close();

    // The help centre goes through /help and signs the learner in to the support desk.
    await help.getByRole('link', { name: 'Help Center' }).click();
    await page.waitForURL((url) => onSandbox(url) && url.pathname === '/zendesk/hc');
    await expect(page.locator('[data-field="email"]')).toHaveText(DEMO_LEARNER.email);
  });

  test('speaks Japanese', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password, { lang: 'ja', path: '/explore' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('サービス一覧');
    await expect(
      page
        .getByRole('region', { name: 'あなたのトレーニング' })
        .getByRole('button', { name: /を開く$/ })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'ヘルプとサポート' }).getByRole('link', { name: 'ヘルプセンター' })).toHaveAttribute('href', '/help');
    await expectNoSeriousA11yViolations(page, 'explore ja');
    await screenshot(page, 'explore-1280-ja');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'explore-375-ja');
  });
});
