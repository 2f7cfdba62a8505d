import { hashPassword } from '../../../src/server/identity/passwords';
import { Browser, createAccount, openSignIn, pkce, startHarness, submitSignIn, type Harness, type TestAccount } from './harness';

let harness: Harness;
let account: TestAccount;

beforeAll(async () => {
  harness = await startHarness();
  account = await createAccount(harness.database);
});
afterAll(() => harness.close());
beforeEach(() => harness.database.db.deleteFrom('rate_limits').execute());

async function open(extra: Record<string, string> = {}) {
  const browser = new Browser(harness.agent);
  const interaction = await openSignIn(browser, harness.idp.issuer, pkce().challenge, extra);
  return { browser, interaction };
}

const signIn = async (form: Record<string, string>, extra: Record<string, string> = {}) => {
  const { browser, interaction } = await open(extra);
  return submitSignIn(browser, harness.idp.issuer, interaction, form);
};

describe('sign-in page', () => {
  it('renders an accessible form in English by default', async () => {
    const { browser, interaction } = await open();
    const res = await browser.request(interaction);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const page = await res.text();
    expect(page).toContain('<html lang="en" dir="ltr">');
    expect(page).toContain('<label for="email">Email address</label>');
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toContain('href="http://localhost:4399/"');
    expect(page).toContain('Back to the portal');
  });

  it('follows ui_locales=ja', async () => {
    const { browser, interaction } = await open({ ui_locales: 'ja en' });
    const page = await (await browser.request(interaction)).text();
    expect(page).toContain('<html lang="ja" dir="ltr">');
    expect(page).toContain('<label for="email">メールアドレス</label>');
    expect(page).toContain('ポータルに戻る');
  });

  it('says why after an e-mail change and offers the new address (login hint), in each language; ignores unknown notices', async () => {
    for (const [lang, text] of [
      ['en', 'Your email address has been changed, so you were signed out.'],
      ['ja', 'メールアドレスが変更されたため、サインアウトしました。'],
    ] as const) {
      const { browser, interaction } = await open({ ui_locales: lang, login_hint: 'new.address@example.com', signin_notice: 'email_changed' });
      const page = await (await browser.request(interaction)).text();
      expect(page).toContain(`<p class="notice" role="status">${text}`);
      expect(page).toContain('value="new.address@example.com"');
      // With the address filled in, the password takes the focus.
      expect(page).toMatch(/<input id="password"[^>]* autofocus>/);
    }
    const { browser, interaction } = await open({ signin_notice: '__proto__' });
    const page = await (await browser.request(interaction)).text();
    expect(page).not.toContain('class="notice"');
  });

  it('rejects a wrong password with the translated message at the field, keeping the email', async () => {
    const en = await signIn({ email: account.email, password: 'wrong-password' });
    expect(en.res.status).toBe(401);
    expect(en.code).toBeUndefined();
    expect(en.html).toContain('<p class="field-error" id="password-error">The email address or password is incorrect.</p>');
    expect(en.html).toMatch(/id="password"[^>]*aria-invalid="true" aria-describedby="password-error" autofocus/);
    expect(en.html).toContain(`value="${account.email}"`);

    const ja = await signIn({ email: account.email, password: 'wrong-password', lng: 'ja' }, { ui_locales: 'ja' });
    expect(ja.res.status).toBe(401);
    expect(ja.html).toContain('<html lang="ja" dir="ltr">');
    expect(ja.html).toContain('メールアドレスまたはパスワードが正しくありません。');
  });

  it('asks for missing fields and focuses the first one', async () => {
    const { html, res } = await signIn({ email: '', password: '' });
    expect(res.status).toBe(400);
    expect(html).toContain('Enter your email address.');
    expect(html).toContain('Enter your password.');
    expect(html).toMatch(/id="email"[^>]*aria-describedby="email-error" autofocus/);
    expect(html).toContain('<a href="#email">');
  });

  it('escapes what was typed', async () => {
    const { html } = await signIn({ email: '"><script>alert(1)</script>', password: 'x' });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('takes a password changed in the accounts table at once', async () => {
    const changed = await createAccount(harness.database);
    expect((await signIn({ email: changed.email, password: changed.password })).code).toBeTruthy();
    await harness.database.db
      .updateTable('accounts')
      .set({ password_hash: await hashPassword('Brand-New-Secret-9'), password_changed_at: new Date() })
      .where('id', '=', changed.id)
      .execute();
    const old = await signIn({ email: changed.email, password: changed.password });
    expect(old.res.status).toBe(401);
    expect(old.code).toBeUndefined();
    expect((await signIn({ email: changed.email, password: 'Brand-New-Secret-9' })).code).toBeTruthy();
  });

  it('matches the email without regard to case or spaces', async () => {
    expect((await signIn({ email: `  ${account.email.toUpperCase()} `, password: account.password })).code).toBeTruthy();
  });

  it('lets blocked accounts sign in: the portal shows them the suspension notice', async () => {
    const blocked = await createAccount(harness.database, { blocked: true });
    expect((await signIn({ email: blocked.email, password: blocked.password })).code).toBeTruthy();
  });

  it('sends social-login accounts to their provider; the stand-in checks its own credential', async () => {
    const social = await createAccount(harness.database, { password: null, source: 'socialIdpAuthentication' });
    await harness.database.db
      .insertInto('demo_social_identities')
      .values({ email: social.email, password_hash: await hashPassword('Social-Secret-2026') })
      .execute();
    const { browser, interaction } = await open({ ui_locales: 'ja' });
    const attempt = await submitSignIn(browser, harness.idp.issuer, interaction, { email: social.email, password: 'anything', lng: 'ja' });
    expect(attempt.code).toBeUndefined();
    expect(attempt.html).toContain('ソーシャルログインでサインインします');
    expect(attempt.html).toContain(`action="/interaction/${interaction.split('/').pop()}/social"`);

    // A step of its own: the stand-in's page, then its own password.
    const page = await browser.request(`${interaction}/social?${new URLSearchParams({ email: social.email, lng: 'ja' })}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('デモ用ソーシャルプロバイダー');
    const wrong = await browser.request(`${interaction}/social`, { form: { email: social.email, password: 'guess', lng: 'ja' } });
    expect(wrong.status).toBe(401);
    const noPassword = await browser.request(`${interaction}/social`, { form: { email: social.email, lng: 'ja' } });
    expect(noPassword.status).toBe(401);
    const res = await browser.request(`${interaction}/social`, { form: { email: social.email, password: 'Social-Secret-2026', lng: 'ja' } });
    expect(res.status).toBe(303);
  });

  it('never signs in a password account through the social stand-in, whatever it is sent', async () => {
    const other = await open();
    // Even with a stand-in record under its email, a password account is not social.
    await harness.database.db
      .insertInto('demo_social_identities')
      .values({ email: account.email, password_hash: await hashPassword('Planted-2026') })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const forms: Array<Record<string, string>> = [
      { email: account.email },
      { email: account.email, password: account.password },
      { email: account.email, password: 'Planted-2026' },
    ];
    for (const form of forms) {
      const refused = await other.browser.request(`${other.interaction}/social`, { form });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('location')).toBeNull();
    }
  });

  it('has no social stand-in unless demo sign-in is enabled', async () => {
    const closed = await startHarness(undefined, { DEMO_SOCIAL_SIGNIN: 'false' });
    try {
      const social = await createAccount(closed.database, { password: null, source: 'socialIdpAuthentication' });
      const browser = new Browser(closed.agent);
      const interaction = await openSignIn(browser, closed.idp.issuer, pkce().challenge);
      const attempt = await submitSignIn(browser, closed.idp.issuer, interaction, { email: social.email, password: 'anything' });
      expect(attempt.html).not.toContain('/social');
      expect((await browser.request(`${interaction}/social`, { form: { email: social.email } })).status).toBe(404);
      expect((await browser.request(`${interaction}/social?email=${encodeURIComponent(social.email)}`)).status).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('shows a translated page when the sign-in page has expired', async () => {
    const { interaction } = await open();
    const stranger = new Browser(harness.agent);
    const res = await stranger.request(interaction, { headers: { 'accept-language': 'ja' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('有効期限が切れました');
  });
});
