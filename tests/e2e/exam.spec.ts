import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

const E2E_PASSWORD = 'E2eLearner2026';
const field = (page: Page, path: string) => page.locator(`#exam_${path}`);

function candidatePosts(page: Page) {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/vendors/pearson/candidates')) counter.count += 1;
  });
  return counter;
}

test.describe('exam-delivery form', () => {
  test('a learner without a candidate id is led from the profile to the form; bad input stays; the candidate is created', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'e2e.profile@example.com', E2E_PASSWORD, { path: '/profile' });
    await page.getByRole('link', { name: 'Complete your Pearson VUE exam profile' }).click();
    await expect(page).toHaveURL(/\/profile\/pearson$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pearson VUE exam profile' })).toBeVisible();
    await expect(page.getByText(/you will not be allowed to take the exam and you will not receive a refund/)).toBeVisible();
    await expect(field(page, 'givenName_firstName')).toBeEnabled();
    const posts = candidatePosts(page);

    // Consent to birth information makes month and year required.
    await field(page, 'isUsCitizenOlderThanEighteenYears').check();
    await field(page, 'allowConsentToGatherBirthInformation').check();
    await field(page, 'privacyPolicyAccepted').check();
    await field(page, 'givenName_middleName').fill('Quinn');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Some required fields are missing or invalid. Please review the highlighted fields.')).toBeVisible();
    await expect(page.locator('#exam_birthMonth__error')).toHaveText('Required');
    await expect(field(page, 'givenName_middleName')).toHaveValue('Quinn');
    expect(posts.count).toBe(0);

    await field(page, 'birthMonth').selectOption('07');
    await field(page, 'birthYear').fill('1994');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Your exam profile was saved.')).toBeVisible();
    expect(posts.count).toBe(1);
    await expect(page.getByText(/Your Pearson VUE candidate ID: \d+/)).toBeVisible();

    // With a candidate id the legal name is locked, also after a reload.
    await page.reload();
    await expect(field(page, 'givenName_firstName')).toBeDisabled();
    await expect(field(page, 'givenName_lastName')).toBeDisabled();
    await expect(field(page, 'givenName_middleName')).toHaveValue('Quinn');
    await expect(page.getByText(/Your legal name is locked/)).toBeVisible();
  });

  test('a minor sees no citizen or birth fields', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'minor@example.com', 'MinorDemo2026', { path: '/profile/pearson' });
    await expect(field(page, 'givenName_firstName')).toBeVisible();
    await expect(field(page, 'isUsCitizenOlderThanEighteenYears')).toHaveCount(0);
    await expect(field(page, 'birthMonth')).toHaveCount(0);
    await expect(page.getByTestId('guardian-consent')).toHaveText(/2026-JAN-15/);
  });

  test('a blocked learner is sent to / with the suspension notice', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'blocked@example.com', 'BlockedDemo2026', { path: '/profile/pearson' });
    // The notice shows on the exams card (and, on the way, as a toast).
    await expect(
      page.locator('#main').getByText('Your account is suspended from exam registration. Please contact Pearson VUE customer service.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(field(page, 'givenName_firstName')).toHaveCount(0);
  });

  test('the blocked learner reads the notice in Japanese', async ({ page }) => {
    await signIn(page, 'blocked@example.com', 'BlockedDemo2026', { path: '/profile/pearson', lang: 'ja' });
    await expect(page.locator('#main').getByText(/受験登録を停止されています/)).toBeVisible();
  });

  for (const lang of ['en', 'ja'] as const) {
    test(`passes axe and is captured at 1280 and 375 px (${lang})`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await signIn(page, lang === 'en' ? 'learner@example.com' : 'e2e.profile.ja@example.com', lang === 'en' ? 'LearnerDemo2026' : E2E_PASSWORD, {
        path: '/profile/pearson',
        lang,
      });
      await expect(field(page, 'givenName_firstName')).not.toHaveValue('');
      await expectNoSeriousA11yViolations(page, `exam ${lang}`);
      await screenshot(page, `exam-${lang}-1280`);
      // An emptied legal last name: the page with its field errors and notice, and nothing sent.
      const posts = candidatePosts(page);
      await field(page, 'givenName_lastName').fill('');
      await page.getByRole('button', { name: lang === 'en' ? 'Submit' : '送信' }).click();
      await expect(page.locator('#exam_givenName_lastName__error')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `exam ${lang} with errors`);
      expect(posts.count).toBe(0);
      await page.setViewportSize(MOBILE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, `exam-${lang}-375`);
    });
  }
});
