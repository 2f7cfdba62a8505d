import { createHash } from 'node:crypto';
import { verifyPassword } from '../../../src/server/identity/passwords';
import { account, learner, type Store, useTestServer } from './harness';

const stores: Store[] = ['pglite', 'postgres'];

const PASSWORD = 'E2eLearner2026';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(stores)('accounts on %s', (store) => {
  const server = useTestServer(store);

  const post = async (who: { accountId: string }, path: string, payload: unknown) =>
    server().app.inject({
      method: 'POST',
      url: `/api/accounts/${who.accountId}/${path}`,
      headers: await server().headers(who.accountId),
      payload: payload as object,
    });

  /** The code as a person reads it: from the development outbox. */
  const latestCode = async (to: string): Promise<string> => {
    const res = await server().app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
    const [mail] = res.json();
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  };

  describe('email change', () => {
    it('sends a code to the new address, changes the email with it, and the code is single use', async () => {
      const who = account(21);
      const sent = await post(who, 'send-email-verification-code', { currentPassword: PASSWORD, email: 'New.Address@example.com' });
      expect(sent.statusCode).toBe(200);
      const code = await latestCode('new.address@example.com');
      const stored = await server().database.db.selectFrom('email_verifications').selectAll().where('account_id', '=', who.accountId).executeTakeFirstOrThrow();
      expect(stored.code_hash).not.toContain(code);
      expect(new Date(stored.expires_at).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);

      const changed = await post(who, 'change-email', { verificationCode: code });
      expect(changed.statusCode).toBe(200);
      const row = await server().database.db.selectFrom('accounts').select('email').where('id', '=', who.accountId).executeTakeFirstOrThrow();
      expect(row.email).toBe('new.address@example.com');
      const profile = await server().app.inject({
        method: 'GET',
        url: `/api/profiles/account/${who.accountId}`,
        headers: await server().headers(who.accountId),
      });
      expect(profile.json().email).toBe('new.address@example.com');

      const reused = await post(who, 'change-email', { verificationCode: code });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().errors).toEqual([{ path: '/verificationCode', key: 'Validation.InvalidVerificationCode' }]);
    });

    it('a resend replaces the code', async () => {
      const who = account(25);
      await post(who, 'send-email-verification-code', { currentPassword: PASSWORD, email: 'resend@example.com' });
      const first = await latestCode('resend@example.com');
      expect((await post(who, 'resend-email-verification-code', {})).statusCode).toBe(200);
      const second = await latestCode('resend@example.com');
      if (first !== second) {
        expect((await post(who, 'change-email', { verificationCode: first })).statusCode).toBe(400);
      }
      expect((await post(who, 'change-email', { verificationCode: second })).statusCode).toBe(200);
    });

    it('an expired code is refused', async () => {
      const who = account(24);
      await post(who, 'send-email-verification-code', { currentPassword: PASSWORD, email: 'expired@example.com' });
      const code = await latestCode('expired@example.com');
      await server()
        .database.db.updateTable('email_verifications')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('account_id', '=', who.accountId)
        .execute();
      const res = await post(who, 'change-email', { verificationCode: code });
      expect(res.json().errors).toEqual([{ path: '/verificationCode', key: 'Validation.VerificationCodeExpired' }]);
    });

    it('allows five attempts, then the code is gone', async () => {
      const who = account(20);
      await post(who, 'send-email-verification-code', { currentPassword: PASSWORD, email: 'attempts@example.com' });
      const code = await latestCode('attempts@example.com');
      const wrong = code === '000000' ? '111111' : '000000';
      const keys: string[] = [];
      for (let i = 0; i < 5; i++) keys.push((await post(who, 'change-email', { verificationCode: wrong })).json().errors[0].key);
      expect(keys).toEqual([...Array(4).fill('Validation.InvalidVerificationCode'), 'Validation.VerificationCodeAttempts']);
      const right = await post(who, 'change-email', { verificationCode: code });
      expect(right.statusCode).toBe(400);
    });

    it('concurrent wrong guesses get no more than five comparisons: the code is gone afterwards', async () => {
      const who = account(28);
      await post(who, 'send-email-verification-code', { currentPassword: PASSWORD, email: 'race.guess@example.com' });
      const code = await latestCode('race.guess@example.com');
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post(who, 'change-email', { verificationCode: wrong(i) })));
      expect(answers.every((a) => a.statusCode === 400)).toBe(true);
      const keys = answers.map((a) => a.json().errors[0].key as string);
      // Four answers say "wrong code"; the fifth guess and every later one find the limit reached (or the code gone).
      expect(keys.filter((k) => k === 'Validation.VerificationCodeAttempts').length).toBeGreaterThanOrEqual(1);
      expect(keys.filter((k) => k === 'Validation.InvalidVerificationCode').length).toBeLessThanOrEqual(11);
      expect((await post(who, 'change-email', { verificationCode: code })).statusCode).toBe(400);
      const row = await server().database.db.selectFrom('accounts').select('email').where('id', '=', who.accountId).executeTakeFirstOrThrow();
      expect(row.email).not.toBe('race.guess@example.com');
    });

    it('the right code sent twice at once changes the address once', async () => {
      const who = account(29);
      await post(who, 'send-email-verification-code', { currentPassword: PASSWORD, email: 'race.right@example.com' });
      const code = await latestCode('race.right@example.com');
      const answers = await Promise.all([1, 2, 3].map(() => post(who, 'change-email', { verificationCode: code })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
      const audit = await server()
        .database.db.selectFrom('profile_audit')
        .select('action')
        .where('action', '=', 'change-email')
        .where('actor_id', '=', who.accountId)
        .execute();
      expect(audit).toHaveLength(1);
    });

    it('needs the current password, a new and free address, and answers keys from the email form schema', async () => {
      const who = account(26);
      const wrongPassword = await post(who, 'send-email-verification-code', { currentPassword: 'Nope1234567', email: 'free@example.com' });
      expect(wrongPassword.json().errors).toEqual([{ path: '/currentPassword', key: 'Validation.IncorrectPassword' }]);
      const taken = await post(who, 'send-email-verification-code', { currentPassword: PASSWORD, email: 'learner@example.com' });
      expect(taken.json().errors).toEqual([{ path: '/email', key: 'Validation.EmailInUse' }]);
      const same = await post(who, 'send-email-verification-code', { currentPassword: PASSWORD, email: 'e2e.profile.ja@example.com' });
      expect(same.json().errors).toContainEqual({ path: '/email', key: 'Validation.CurrentEmail' });
      const missing = await post(who, 'send-email-verification-code', { email: 'free@example.com' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toContainEqual({ path: '/currentPassword', key: 'Validation.Required' });
    });
  });

  describe('password change', () => {
    it('checks the current password, enforces the password rule, and stores an argon2 hash', async () => {
      const who = account(23);
      const wrong = await post(who, 'set-password', { currentPassword: 'WrongPass2026', email: 'e2e.redeem@example.com', newPassword: 'Fresh-Pass2026' });
      expect(wrong.json().errors).toEqual([{ path: '/currentPassword', key: 'Validation.IncorrectPassword' }]);
      const weak = await post(who, 'set-password', { currentPassword: PASSWORD, email: 'e2e.redeem@example.com', newPassword: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().errors.map((e: { path: string }) => e.path)).toContain('/newPassword');
      const same = await post(who, 'set-password', { currentPassword: PASSWORD, email: 'e2e.redeem@example.com', newPassword: PASSWORD });
      expect(same.json().errors).toContainEqual({ path: '/newPassword', key: 'Validation.CurrentPassword' });

      const ok = await post(who, 'set-password', { currentPassword: PASSWORD, email: 'e2e.redeem@example.com', newPassword: 'Fresh-Pass2026' });
      expect(ok.statusCode).toBe(200);
      const row = await server()
        .database.db.selectFrom('accounts')
        .select(['password_hash', 'password_changed_at'])
        .where('id', '=', who.accountId)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.password_hash, 'Fresh-Pass2026')).toBe(true);
      expect(row.password_changed_at).not.toBeNull();
    });
  });

  it('social-login accounts get 403 on email and password changes', async () => {
    const social = account(4);
    expect((await post(social, 'send-email-verification-code', { currentPassword: 'Whatever2026', email: 'x@example.com' })).statusCode).toBe(403);
    expect((await post(social, 'resend-email-verification-code', {})).statusCode).toBe(403);
    expect((await post(social, 'change-email', { verificationCode: '123456' })).statusCode).toBe(403);
    expect((await post(social, 'set-password', { currentPassword: 'Whatever2026', newPassword: 'Fresh-Pass2026' })).statusCode).toBe(403);
  });

  describe('legacy CertMaster link', () => {
    const link = account(11);
    it('doesExist for an unlinked legacy account by email', async () => {
      const h = await server().headers(link.accountId);
      const yes = await server().app.inject({ method: 'GET', url: '/api/accounts/certmaster-platform/email/LINK@example.com', headers: h });
      expect(yes.json()).toEqual({ doesExist: true });
      const no = await server().app.inject({ method: 'GET', url: '/api/accounts/certmaster-platform/email/nobody@example.com', headers: h });
      expect(no.json()).toEqual({ doesExist: false });
    });

    it('answers NotFound, LoginFailed, Success, then AlreadyLinked', async () => {
      const status = async (login: string, password: string) =>
        (await post(link, 'link-certmaster', { login, phash: sha256(password), email: 'link@example.com' })).json();
      expect(await status('nobody', 'LegacyPass2026')).toBe('NotFound');
      expect(await status('legacy.learner', 'WrongPass')).toBe('LoginFailed');
      expect(await status('legacy.learner', 'LegacyPass2026')).toBe('Success');
      const profile = await server().app.inject({
        method: 'GET',
        url: `/api/profiles/account/${link.accountId}`,
        headers: await server().headers(link.accountId),
      });
      expect(profile.json().externalIds.certMaster).toBe('cm-2000001');
      expect(await status('legacy.learner', 'LegacyPass2026')).toBe('AlreadyLinked');
    });

    it('is rate limited', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await post(learner, 'link-certmaster', { login: 'nobody', phash: sha256('x') })).statusCode);
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });
});
