import { DEFAULT_THROTTLE } from '../../src/server/idp/throttle';
import { MAX_CODE_ATTEMPTS } from '../../src/server/identity/verification-codes';
import { demoAccounts } from '../../src/server/seed/demo-data';
import { useClusterFixture } from './cluster-fixture';
import { LEARNER, LearnerClient } from './learner-client';

// Two instances race on the same limits: the sign-in throttle of one account and address, and the
// attempts at one e-mail verification code. Every count lives in PostgreSQL and is taken in one
// statement, so the limits hold across instances exactly as on one.

const fixture = useClusterFixture(2);

const instanceOrigins = () => fixture().cluster.instances.map((i) => `http://127.0.0.1:${i.port}`);
// An account of its own for the throttle: the other tests sign in as the learner.
const TARGET = (({ email, password }) => ({ email, password: password ?? '' }))(demoAccounts.find((a) => a.email === 'e2e.profile@example.com')!);
const errorKey = (body: unknown) => (body as { errors?: { key: string }[] }).errors?.[0]?.key;

it('a verification code gets five guesses in all, however they are spread over the instances', async () => {
  const { cluster, sql } = fixture();
  const learner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await learner.signIn();
  const email = 'race.code@example.com';
  const sent = await learner.api('POST', `/api/accounts/${LEARNER.id}/send-email-verification-code`, { currentPassword: LEARNER.password, email });
  expect(sent.status).toBe(200);
  const mail = await sql.query<{ text_body: string }>('select text_body from outbox where to_address = $1 order by id desc limit 1', [email]);
  const code = /\b(\d{6})\b/.exec(mail.rows[0]?.text_body ?? '')?.[1];
  expect(code).toBeDefined();

  // Twenty wrong guesses at once, alternately to each instance directly (no load balancer in between
  // to spread them unevenly).
  const origins = instanceOrigins();
  const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  const guesses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      learner.api('POST', `/api/accounts/${LEARNER.id}/change-email`, { verificationCode: wrong(i) }, {}, undefined, origins[i % origins.length]),
    ),
  );
  expect(guesses.map((g) => g.status)).toEqual(Array(20).fill(400));
  expect(new Set(guesses.map((g) => g.instance))).toEqual(new Set(['instance-1', 'instance-2']));
  const keys = guesses.map((g) => errorKey(g.body));
  const reachedLimit = keys.filter((k) => k === 'Validation.VerificationCodeAttempts').length;
  console.info(`verification code race: 20 wrong guesses over 2 instances; "wrong code" ${keys.length - reachedLimit}, "too many attempts" ${reachedLimit}`);
  expect(reachedLimit).toBeGreaterThanOrEqual(1);
  // The guesses used up the code: the right one no longer changes the address.
  const late = await learner.api('POST', `/api/accounts/${LEARNER.id}/change-email`, { verificationCode: code });
  expect(late.status).toBe(400);
  const stored = await sql.query<{ email: string }>('select email from accounts where id = $1', [LEARNER.id]);
  expect(stored.rows[0]?.email).toBe(LEARNER.email);
  expect(MAX_CODE_ATTEMPTS).toBe(5);
});

it('the right code sent to both instances at once changes the address once', async () => {
  const { cluster, sql } = fixture();
  const learner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await learner.signIn();
  const email = 'race.right@example.com';
  expect((await learner.api('POST', `/api/accounts/${LEARNER.id}/send-email-verification-code`, { currentPassword: LEARNER.password, email })).status).toBe(
    200,
  );
  const mail = await sql.query<{ text_body: string }>('select text_body from outbox where to_address = $1 order by id desc limit 1', [email]);
  const code = /\b(\d{6})\b/.exec(mail.rows[0]?.text_body ?? '')?.[1];
  const origins = instanceOrigins();
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      learner.api('POST', `/api/accounts/${LEARNER.id}/change-email`, { verificationCode: code }, {}, undefined, origins[i % origins.length]),
    ),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  const audit = await sql.query('select 1 from profile_audit where actor_id = $1 and action = $2', [LEARNER.id, 'change-email']);
  expect(audit.rowCount).toBe(1);
});

it('the sign-in throttle of one account and address holds across instances', async () => {
  const { cluster } = fixture();
  // Twelve browsers post a wrong password at once through the load balancer (round robin: both
  // instances). The pair limit lets exactly five be checked; the rest are refused before the check.
  const browsers = Array.from({ length: 12 }, () => new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent));
  const attempts = await Promise.all(browsers.map((b, i) => b.attemptSignIn(TARGET.email, `Wrong-Password-${i}`)));
  const statuses = attempts.map((a) => a.status);
  console.info(
    `sign-in throttle race: 12 wrong passwords at once; 401 ${statuses.filter((s) => s === 401).length}, 429 ${statuses.filter((s) => s === 429).length}; answered by ${[...new Set(attempts.map((a) => a.instance))].sort().join(', ')}`,
  );
  expect(new Set(attempts.map((a) => a.instance))).toEqual(new Set(['instance-1', 'instance-2']));
  expect(statuses.filter((s) => s === 401)).toHaveLength(DEFAULT_THROTTLE.pairLimit);
  expect(statuses.filter((s) => s === 429)).toHaveLength(12 - DEFAULT_THROTTLE.pairLimit);
  // The right password from the same address waits out the window too, on either instance.
  for (let i = 0; i < 2; i++) {
    const right = await new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent).attemptSignIn(TARGET.email, TARGET.password);
    expect(right.status).toBe(429);
  }
});

it('a client behind the load balancer cannot name itself out of the throttle with X-Forwarded-For', async () => {
  const { cluster } = fixture();
  // HAProxy appends the address it saw (127.0.0.1, throttled above) after whatever the client sent;
  // the instances believe only that last entry.
  const forged = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  const attempt = await forged.attemptSignIn(TARGET.email, TARGET.password, { 'x-forwarded-for': '203.0.113.9' });
  expect(attempt.status).toBe(429);
});
