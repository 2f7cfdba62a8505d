import { signInThrottle } from '../../../src/server/idp/throttle';
import { createAccount, startHarness, TEST_THROTTLE, type Harness, type TestAccount } from './harness';
import { Browser, openSignIn, pkce, submitSignIn } from './harness';

let harness: Harness;
let account: TestAccount;

beforeAll(async () => {
  harness = await startHarness();
  account = await createAccount(harness.database);
});
afterAll(() => harness.close());
beforeEach(() => harness.database.db.deleteFrom('rate_limits').execute());

async function openPage() {
  const browser = new Browser(harness.agent);
  const interaction = await openSignIn(browser, harness.idp.issuer, pkce().challenge);
  return { browser, interaction };
}

async function signIn(form: Record<string, string>, extra: Record<string, string> = {}) {
  const browser = new Browser(harness.agent);
  const interaction = await openSignIn(browser, harness.idp.issuer, pkce().challenge, extra);
  return submitSignIn(browser, harness.idp.issuer, interaction, form);
}

describe('sign-in throttling (ASVS V6.3: slowed, never a lockout of the owner)', () => {
  it(`counts before checking: 19 concurrent wrong passwords get only ${TEST_THROTTLE.pairLimit} checked`, async () => {
    const pages = [];
    for (let i = 0; i < 19; i++) pages.push(await openPage());
    const results = await Promise.all(
      pages.map(({ browser, interaction }, i) => submitSignIn(browser, harness.idp.issuer, interaction, { email: account.email, password: `wrong-${i}` })),
    );
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(TEST_THROTTLE.pairLimit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19 - TEST_THROTTLE.pairLimit);
  });

  it('makes one address wait at one account, with a translated message and Retry-After', async () => {
    for (let i = 0; i < TEST_THROTTLE.pairLimit; i++) {
      expect((await signIn({ email: account.email, password: `wrong-${i}` })).res.status).toBe(401);
    }
    const waiting = await signIn({ email: account.email, password: account.password });
    expect(waiting.res.status).toBe(429);
    expect(waiting.code).toBeUndefined();
    expect(Number(waiting.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(waiting.html).toContain('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(waiting.html).toMatch(/class="error-summary" role="alert"[^>]*autofocus/);
    const ja = await signIn({ email: account.email, password: account.password, lng: 'ja' }, { ui_locales: 'ja' });
    expect(ja.res.status).toBe(429);
    expect(ja.html).toContain('1 分後にもう一度お試しください');

    // Other accounts from the same address are not affected.
    const other = await createAccount(harness.database);
    expect((await signIn({ email: other.email, password: other.password })).code).toBeTruthy();
  });

  it('does not lock the owner out: failures from an attacker address leave the owner’s address free', async () => {
    const throttle = signInThrottle(harness.database.db, TEST_THROTTLE);
    for (let i = 0; i < TEST_THROTTLE.pairLimit; i++) expect((await throttle.attempt(account.email, '203.0.113.9')).allowed).toBe(true);
    expect((await throttle.attempt(account.email, '203.0.113.9')).allowed).toBe(false);
    // The owner, elsewhere, is let through (and a success gives its count back).
    const owner = await throttle.attempt(account.email, '198.51.100.7');
    expect(owner.allowed).toBe(true);
    await throttle.succeeded(account.email, '198.51.100.7');
    expect((await throttle.attempt(account.email, '198.51.100.7')).allowed).toBe(true);
  });

  it('has a per-account ceiling far above one address’s share, reached only from many addresses', async () => {
    expect(TEST_THROTTLE.accountLimit).toBeGreaterThanOrEqual(4 * TEST_THROTTLE.pairLimit);
    const throttle = signInThrottle(harness.database.db, TEST_THROTTLE);
    let allowed = 0;
    for (let n = 0; n < TEST_THROTTLE.accountLimit + 4; n++) {
      const attempt = await throttle.attempt(account.email, `192.0.2.${n}`);
      if (attempt.allowed) allowed += 1;
    }
    expect(allowed).toBe(TEST_THROTTLE.accountLimit);
  });

  it(`limits one address to ${TEST_THROTTLE.addressLimit} failures across accounts`, async () => {
    for (let i = 0; i < TEST_THROTTLE.addressLimit; i++) {
      expect((await signIn({ email: `nobody-${i}@example.com`, password: 'guess' })).res.status).toBe(401);
    }
    const fresh = await createAccount(harness.database);
    expect((await signIn({ email: fresh.email, password: fresh.password })).res.status).toBe(429);
  });

  it('a successful sign-in starts the pair afresh and gives its attempt back', async () => {
    for (let i = 0; i < TEST_THROTTLE.pairLimit - 1; i++) await signIn({ email: account.email, password: 'nope' });
    expect((await signIn({ email: account.email, password: account.password })).code).toBeTruthy();
    for (let i = 0; i < TEST_THROTTLE.pairLimit; i++) {
      expect((await signIn({ email: account.email, password: 'nope' })).res.status).toBe(401);
    }
  });

  it('answers each further failure later than the one before', async () => {
    const step = 400;
    const slow = await startHarness({ ...TEST_THROTTLE, pairLimit: 10, delayStepMs: step, maxDelayMs: 5 * step });
    try {
      const timed = async (email: string) => {
        const browser = new Browser(slow.agent);
        const interaction = await openSignIn(browser, slow.idp.issuer, pkce().challenge);
        const started = performance.now();
        await submitSignIn(browser, slow.idp.issuer, interaction, { email, password: 'x' });
        return performance.now() - started;
      };
      await timed('warm-up@example.com');
      const first = await timed('someone@example.com');
      await timed('someone@example.com');
      const third = await timed('someone@example.com');
      expect(first).toBeGreaterThanOrEqual(step);
      expect(third).toBeGreaterThanOrEqual(3 * step);
      // Two steps apart in theory; one step of slack for a busy machine.
      expect(third - first).toBeGreaterThan(step);
    } finally {
      await slow.close();
    }
  });
});

describe('the client address behind a load balancer', () => {
  const attemptFrom = async (h: Harness, forwardedFor: string, form: Record<string, string>) => {
    const browser = new Browser(h.agent);
    const interaction = await openSignIn(browser, h.idp.issuer, pkce().challenge);
    const res = await browser.request(`${interaction}/login`, { form, headers: { 'x-forwarded-for': forwardedFor } });
    await res.arrayBuffer();
    return res.status;
  };

  it('with TRUSTED_PROXIES, counts the address the proxy appended, not the proxy and not what the client claimed', async () => {
    const behind = await startHarness(TEST_THROTTLE, { TRUSTED_PROXIES: 'loopback' });
    try {
      const who = await createAccount(behind.database);
      // The attacker claims another address in front of the one the proxy appended: the claim is ignored.
      for (let i = 0; i < TEST_THROTTLE.pairLimit; i++) {
        expect(await attemptFrom(behind, `198.51.100.7, 203.0.113.9`, { email: who.email, password: `wrong-${i}` })).toBe(401);
      }
      expect(await attemptFrom(behind, '198.51.100.7, 203.0.113.9', { email: who.email, password: who.password })).toBe(429);
      // The owner, behind the same load balancer at another address, signs in.
      expect(await attemptFrom(behind, '198.51.100.7', { email: who.email, password: who.password })).toBe(303);
      const keys = await behind.database.db.selectFrom('rate_limits').select('key').execute();
      expect(keys.map((k) => k.key)).toContain(`signin:pair:203.0.113.9:${who.email}`);
    } finally {
      await behind.close();
    }
  });

  it('without TRUSTED_PROXIES, X-Forwarded-For is ignored: a client cannot name itself out of the throttle', async () => {
    for (let i = 0; i < TEST_THROTTLE.pairLimit; i++) {
      expect(await attemptFrom(harness, `192.0.2.${i}`, { email: account.email, password: `wrong-${i}` })).toBe(401);
    }
    expect(await attemptFrom(harness, '192.0.2.200', { email: account.email, password: account.password })).toBe(429);
  });
});
