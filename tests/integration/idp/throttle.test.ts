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

async function signIn(form: Record<string, string>, extra: Record<string, string> = {}) {
  const browser = new Browser(harness.agent);
  const interaction = await openSignIn(browser, harness.idp.issuer, pkce().challenge, extra);
  return submitSignIn(browser, harness.idp.issuer, interaction, form);
}

describe('sign-in throttling', () => {
  it(`locks an account after ${TEST_THROTTLE.accountLimit} failures, even for the right password`, async () => {
    for (let i = 0; i < TEST_THROTTLE.accountLimit; i++) {
      expect((await signIn({ email: account.email, password: `wrong-${i}` })).res.status).toBe(401);
    }
    const locked = await signIn({ email: account.email, password: account.password });
    expect(locked.res.status).toBe(429);
    expect(locked.code).toBeUndefined();
    expect(Number(locked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.html).toContain('Too many failed sign-in attempts. Try again in 1 minute.');
    expect(locked.html).toMatch(/class="error-summary" role="alert"[^>]*autofocus/);

    const ja = await signIn({ email: account.email, password: account.password, lng: 'ja' }, { ui_locales: 'ja' });
    expect(ja.res.status).toBe(429);
    expect(ja.html).toContain('1 分後にもう一度お試しください');

    // Other accounts from the same address are not affected yet.
    const other = await createAccount(harness.database);
    expect((await signIn({ email: other.email, password: other.password })).code).toBeTruthy();
  });

  it('resets the account counter after a successful sign-in', async () => {
    for (let i = 0; i < TEST_THROTTLE.accountLimit - 1; i++) await signIn({ email: account.email, password: 'nope' });
    expect((await signIn({ email: account.email, password: account.password })).code).toBeTruthy();
    for (let i = 0; i < TEST_THROTTLE.accountLimit - 1; i++) {
      expect((await signIn({ email: account.email, password: 'nope' })).res.status).toBe(401);
    }
  });

  it(`limits one address to ${TEST_THROTTLE.addressLimit} failures across accounts`, async () => {
    for (let i = 0; i < TEST_THROTTLE.addressLimit; i++) {
      expect((await signIn({ email: `nobody-${i}@example.com`, password: 'guess' })).res.status).toBe(401);
    }
    const fresh = await createAccount(harness.database);
    const locked = await signIn({ email: fresh.email, password: fresh.password });
    expect(locked.res.status).toBe(429);
    const rows = await harness.database.db.selectFrom('rate_limits').select(['key', 'count']).where('key', 'like', 'signin:address:%').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(TEST_THROTTLE.addressLimit);
  });

  it('answers each further failure later than the one before', async () => {
    const step = 400;
    const slow = await startHarness({ ...TEST_THROTTLE, accountLimit: 10, delayStepMs: step, maxDelayMs: 5 * step });
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
