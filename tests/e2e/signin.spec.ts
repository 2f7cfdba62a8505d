import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { decodeJwt } from 'jose';
import { loadConfig } from '../../src/server/config';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DEMO_LEARNER, signIn } from './support/auth';
import { DESKTOP, screenshot } from './support/screenshots';

// The provider's pages allow only their own scripts; axe is injected inline, so CSP is bypassed here.
test.use({ bypassCSP: true });

const portal = `http://localhost:${process.env.E2E_PORT ?? 4302}`;
const issuer = `https://localhost:${process.env.E2E_IDP_PORT ?? 4443}`;
const redirectUri = `${portal}/auth/redirect`;
const server = loadConfig(process.env);

/**
 * Opens the provider's authorization endpoint the way the portal's MSAL does, and holds the
 * redirect back to the portal so the test, not the portal, receives the code.
 */
async function openAuthorize(page: Page, lang: 'en' | 'ja') {
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    client_id: server.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    ui_locales: lang,
  });
  let resolveCode: (url: URL) => void = () => {};
  const redirected = new Promise<URL>((resolve) => (resolveCode = resolve));
  await page.route(`${redirectUri}**`, async (route) => {
    resolveCode(new URL(route.request().url()));
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'signed in' });
  });
  await page.goto(`${issuer}/auth?${params}`);
  return { verifier, state: params.get('state'), redirected };
}

test.describe('identity provider sign-in page', () => {
  test('signs in in Japanese after a wrong password, and the access token opens the portal API', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const { verifier, state, redirected } = await openAuthorize(page, 'ja');

    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1, name: 'サインイン' })).toBeVisible();
    await expect(page.getByLabel('メールアドレス')).toBeFocused();
    await expect(page.getByRole('link', { name: 'ポータルに戻る' })).toHaveAttribute('href', `${portal}/`);
    await expectNoSeriousA11yViolations(page, 'sign-in ja');
    await screenshot(page, 'signin-ja');

    await page.getByLabel('メールアドレス').fill(DEMO_LEARNER.email);
    await page.getByLabel('パスワード').fill('not-the-password');
    await page.getByRole('button', { name: 'サインイン' }).click();

    const password = page.getByLabel('パスワード');
    await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません。');
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('メールアドレスまたはパスワードが正しくありません。');
    await expect(page.getByLabel('メールアドレス')).toHaveValue(DEMO_LEARNER.email);
    await expectNoSeriousA11yViolations(page, 'sign-in ja with error');
    await screenshot(page, 'signin-ja-error');

    await password.fill(DEMO_LEARNER.password);
    await password.press('Enter');
    const callback = await redirected;
    expect(callback.searchParams.get('state')).toBe(state);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const token = await request.post(`${issuer}/token`, {
      form: { client_id: server.clientId, grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, code_verifier: verifier },
    });
    expect(token.status()).toBe(200);
    const tokens = (await token.json()) as { id_token: string; access_token: string; refresh_token: string };
    expect(tokens.refresh_token).toBeTruthy();
    const claims = decodeJwt(tokens.id_token);
    expect(claims.email).toBe(DEMO_LEARNER.email);
    expect(claims.id).toBe(claims.sub);

    const profile = await request.get(`${portal}/api/profiles/account/${claims.id as string}`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, [server.functionKeyHeader]: server.functionKey },
    });
    expect(profile.status()).toBe(200);
    const withoutToken = await request.get(`${portal}/api/profiles/account/${claims.id as string}`, {
      headers: { [server.functionKeyHeader]: server.functionKey },
    });
    expect(withoutToken.status()).toBe(401);
  });

  test('works from the keyboard in English and offers the social stand-in to social accounts', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const { redirected } = await openAuthorize(page, 'en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByLabel('Email address')).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'sign-in en');
    await screenshot(page, 'signin-en');

    await page.keyboard.type('social@example.com');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type('whatever');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('alert')).toContainText('signs in through its social provider');
    const social = page.getByRole('button', { name: 'Continue with demo social provider' });
    await expect(social).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sign-in en social');
    await social.click();
    // The stand-in is a step of its own, with its own credential.
    await expect(page.getByRole('heading', { name: 'Demo social provider' })).toBeVisible();
    await expect(page.getByLabel('Social provider password')).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'social stand-in en');
    await screenshot(page, 'signin-social-stand-in');
    await page.keyboard.type('SocialDemo2026');
    await page.keyboard.press('Enter');
    expect((await redirected).searchParams.get('code')).toBeTruthy();
  });

  test('signs out of the provider from the portal and comes back without a second click', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signIn(page, DEMO_LEARNER.email, DEMO_LEARNER.password);
    await page.getByTestId('profile-menu').getByRole('button').first().click();
    await page.getByRole('button', { name: 'Log out' }).click();
    // The provider's session is gone: the portal's next sign-in shows the form instead of passing through.
    await page.waitForURL((url) => url.origin === issuer && url.pathname.startsWith('/interaction/'), { timeout: 30_000 });
    await expect(page.getByLabel('Email address')).toBeVisible();
  });

  test('switches language on the page itself', async ({ page }) => {
    await openAuthorize(page, 'en');
    await page.getByRole('link', { name: '日本語' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByLabel('メールアドレス')).toBeVisible();
  });
});
