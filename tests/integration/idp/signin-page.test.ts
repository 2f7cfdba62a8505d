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
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<label for="email">Email address</label>');
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toContain('href="http://localhost:4399/"');
    expect(page).toContain('Back to the portal');
  });

  it('follows ui_locales=ja', async () => {
    const { browser, interaction } = await open({ ui_locales: 'ja en' });
    const page = await (await browser.request(interaction)).text();
    expect(page).toContain('<html lang="ja">');
    expect(page).toContain('<label for="email">メールアドレス</label>');
    expect(page).toContain('ポータルに戻る');
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
    expect(ja.html).toContain('<html lang="ja">');
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

  it('sends social-login accounts to their provider, with a local stand-in that signs them in', async () => {
    const social = await createAccount(harness.database, { password: null, source: 'socialIdpAuthentication' });
    const { browser, interaction } = await open({ ui_locales: 'ja' });
    const attempt = await submitSignIn(browser, harness.idp.issuer, interaction, { email: social.email, password: 'anything', lng: 'ja' });
    expect(attempt.code).toBeUndefined();
    expect(attempt.html).toContain('ソーシャルログインでサインインします');
    expect(attempt.html).toContain(`action="/interaction/${interaction.split('/').pop()}/social"`);

    const res = await browser.request(`${interaction}/social`, { form: { email: social.email, lng: 'ja' } });
    expect(res.status).toBe(303);

    // The stand-in refuses password accounts.
    const other = await open();
    const refused = await other.browser.request(`${other.interaction}/social`, { form: { email: account.email } });
    expect(refused.status).toBe(400);
  });

  it('shows a translated page when the sign-in page has expired', async () => {
    const { interaction } = await open();
    const stranger = new Browser(harness.agent);
    const res = await stranger.request(interaction, { headers: { 'accept-language': 'ja' } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('有効期限が切れました');
  });
});
