import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, MOBILE, screenshot } from './support/screenshots';

const E2E_PASSWORD = 'E2eLearner2026';
const panel = (page: Page) => page.getByRole('tabpanel');

async function latestCode(page: Page, to: string): Promise<string> {
  const response = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  expect(response.ok()).toBe(true);
  const messages = (await response.json()) as { text: string }[];
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  expect(code, `a code mailed to ${to}`).toBeTruthy();
  return code!;
}

async function signInSocial(page: Page, email: string, path: string) {
  await page.goto(path);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[type="password"]').fill('not-used-by-social');
  await page.locator('form:not(.social) button[type="submit"]').click();
  await page.locator('form.social button[type="submit"]').click();
  // The demo social provider's own page asks for its own credential.
  await page.locator('input[type="password"]').fill('SocialDemo2026');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('profile-menu')).toBeVisible({ timeout: 30_000 });
}

/** After a sign-out the portal sends the browser on to the provider's sign-in form: wait for it. */
async function signedOut(page: Page) {
  await expect(page.locator('input[name="email"]')).toBeVisible({ timeout: 30_000 });
  await page.context().clearCookies();
}

async function signOut(page: Page) {
  await page.goto('/logout');
  await signedOut(page);
}

test.describe('account page', () => {
  test('refuses a mismatched confirmation at the field, then changes the password, which then signs in', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, 'e2e.password@example.com', E2E_PASSWORD, { path: '/account' });
    await page.getByRole('tab', { name: 'Change password' }).click();
    await panel(page).getByRole('button', { name: 'Edit', exact: true }).click();
    await panel(page).getByLabel('Current password').fill(E2E_PASSWORD);
    await panel(page).getByLabel('New password', { exact: false }).first().fill('Fresh-Pass-2027');
    await panel(page).getByLabel('Confirm new password').fill('Fresh-Pass-2028');
    await panel(page).getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('#password_confirmPassword__error')).toHaveText('Passwords do not match');
    await expect(page.locator('#password_newPassword')).toHaveValue('Fresh-Pass-2027');

    await page.locator('#password_confirmPassword').fill('Fresh-Pass-2027');
    await panel(page).getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await signOut(page);
    await signIn(page, 'e2e.password@example.com', 'Fresh-Pass-2027', { path: '/account' });
    await expect(page.getByRole('heading', { level: 1, name: 'Login credentials' })).toBeVisible();
  });

  test('changes the e-mail with the mailed code, signs out after 3 s and signs in with the new address', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const newEmail = 'e2e.email.changed@example.com';
    await signIn(page, 'e2e.email@example.com', E2E_PASSWORD, { path: '/account' });
    await expect(page.getByRole('tab', { name: 'Change email' })).toHaveAttribute('aria-selected', 'true');
    await panel(page).getByRole('button', { name: 'Edit', exact: true }).click();
    await page.locator('#email_email').fill('e2e.email@example.com');
    await page.locator('#email_currentPassword').fill(E2E_PASSWORD);
    await panel(page).getByRole('button', { name: 'Send verification code' }).click();
    await expect(page.locator('#email_email__error')).toHaveText('Cannot be your current email');

    await page.locator('#email_email').fill(newEmail);
    await panel(page).getByRole('button', { name: 'Send verification code' }).click();
    await expect(page.getByText('A verification code has been sent to your new email address.')).toBeVisible();
    await expect(panel(page).getByText(`Enter the verification code we sent to ${newEmail}.`)).toBeVisible();
    // A resend replaces the code: read the outbox only once the resend has been answered.
    const resent = page.waitForResponse((r) => r.url().endsWith('/resend-email-verification-code') && r.ok());
    await panel(page).getByRole('button', { name: 'Resend code' }).click();
    await resent;
    const code = await latestCode(page, newEmail);

    await page.locator('#email_verificationCode').fill(code === '000000' ? '111111' : '000000');
    await panel(page).getByRole('button', { name: 'Change email' }).click();
    await expect(page.locator('#email_verificationCode__error')).toHaveText('Invalid verification code');
    // An answer the form understands: at the field only, no generic toast.
    await expect(page.getByText('An unexpected error ocurred. Please try again later.')).toHaveCount(0);

    await page.locator('#email_verificationCode').fill(code);
    await panel(page).getByRole('button', { name: 'Change email' }).click();
    await expect(page.getByText('Your email address has been changed.')).toBeVisible();
    const changedAt = Date.now();
    // The notice at the form (the toast says it too).
    await expect(panel(page).getByText(/You will be signed out in 3 seconds/)).toBeVisible();
    await page.waitForURL((url) => !url.pathname.endsWith('/account'), { timeout: 15_000 });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(2500);
    await signedOut(page);
    await signIn(page, newEmail, E2E_PASSWORD, { path: '/account' });
    await expect(page.locator('#email_currentEmail')).toHaveValue(newEmail);
  });

  test('a social-login user sees the informational text instead of both forms', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInSocial(page, 'social@example.com', '/account');
    await expect(page.getByTestId('social-login-notice')).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(page.locator('#password_currentPassword')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'account social');
  });

  test('the tabs follow the arrow keys', async ({ page }) => {
    await signIn(page, 'learner@example.com', 'LearnerDemo2026', { path: '/account' });
    await page.getByRole('tab', { name: 'Change email' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Change password' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Change password' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('heading', { name: 'Change your email address' })).toBeVisible();
  });

  for (const lang of ['en', 'ja'] as const) {
    test(`passes axe and is captured at 1280 and 375 px (${lang})`, async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await signIn(page, lang === 'en' ? 'learner@example.com' : 'e2e.password.ja@example.com', lang === 'en' ? 'LearnerDemo2026' : E2E_PASSWORD, {
        path: '/account',
        lang,
      });
      await panel(page)
        .getByRole('button', { name: lang === 'en' ? 'Edit' : '編集', exact: true })
        .click();
      await panel(page)
        .getByRole('button', { name: lang === 'en' ? 'Send verification code' : '確認コードを送信' })
        .click();
      await expect(page.locator('#email_email__error')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `account ${lang} email`);
      await screenshot(page, `account-${lang}-1280`);

      await page.getByRole('tab', { name: lang === 'en' ? 'Change password' : 'パスワードの変更' }).click();
      await panel(page)
        .getByRole('button', { name: lang === 'en' ? 'Edit' : '編集', exact: true })
        .click();
      await page.locator('#password_newPassword').fill('short');
      await panel(page)
        .getByRole('button', { name: lang === 'en' ? 'Change password' : 'パスワードを変更' })
        .click();
      await expect(page.locator('#password_newPassword__error')).toBeVisible();
      if (lang === 'ja') await expect(page.locator('#password_newPassword__error')).toContainText('パスワード');
      await expectNoSeriousA11yViolations(page, `account ${lang} password`);
      await page.setViewportSize(MOBILE);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, `account-${lang}-375`);
    });
  }
});
