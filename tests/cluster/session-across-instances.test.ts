import { RedemptionStatus } from '../../src/shared/redemption';
import { profileIdOf } from '../../src/server/seed/demo';
import { useClusterFixture } from './cluster-fixture';
import { LEARNER, LearnerClient } from './learner-client';

// A learner's whole session through HAProxy (round robin over two instances): nothing depends on
// which instance answers, because everything lives in PostgreSQL (sessions and interactions of the
// provider, its keys, ETags, verification codes, entitlements).

const fixture = useClusterFixture(2);

const profilePath = `/api/profiles/${profileIdOf(LEARNER.id)}`;

it('signs in, saves the profile with its ETag, redeems a key and changes the e-mail across instances', async () => {
  const { cluster, sql } = fixture();
  const learner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);

  // Sign-in: authorization request, sign-in page, form post, resume, token: five requests or more.
  const signIn = await learner.signIn();
  expect(new Set(signIn)).toEqual(new Set(['instance-1', 'instance-2']));

  // The ETag one instance gives is the one the other accepts; a stale one is refused by either.
  const read = await learner.api('GET', `/api/profiles/account/${LEARNER.id}`);
  expect(read.status).toBe(200);
  expect(read.etag).toMatch(/^".+"$/);
  const saved = await learner.api('PATCH', profilePath, [{ op: 'replace', path: '/company', value: 'Across Instances Ltd' }], { 'if-match': read.etag! });
  expect(saved.status).toBe(200);
  const stale = await learner.api('PATCH', profilePath, [{ op: 'replace', path: '/company', value: 'Stale Write Ltd' }], { 'if-match': read.etag! });
  expect(stale.status).toBe(412);
  const again = await learner.api('GET', `/api/profiles/account/${LEARNER.id}`);
  expect(again.status).toBe(200);
  expect((again.body as { company: string }).company).toBe('Across Instances Ltd');
  expect(again.etag).toBe(saved.etag);

  // A key redeemed on one instance is owned on the other.
  const redeem = () => learner.api('POST', '/api/redemptions/certmaster-platform', { accessKey: 'DEMO-SUCCESS-0000', userId: LEARNER.id });
  const first = await redeem();
  expect(first.status).toBe(200);
  expect((first.body as { redemptionStatus: number }).redemptionStatus).toBe(RedemptionStatus.Success);
  const second = await redeem();
  expect(second.status).toBe(200);
  expect((second.body as { redemptionStatus: number }).redemptionStatus).toBe(RedemptionStatus.HasProductAlready);

  // The code mailed by one instance is checked by the other (read from the outbox as a person would).
  const newEmail = 'learner.moved@example.com';
  const sent = await learner.api('POST', `/api/accounts/${LEARNER.id}/send-email-verification-code`, { currentPassword: LEARNER.password, email: newEmail });
  expect(sent.status).toBe(200);
  const mail = await sql.query<{ text_body: string }>('select text_body from outbox where to_address = $1 order by id desc limit 1', [newEmail]);
  const code = /\b(\d{6})\b/.exec(mail.rows[0]?.text_body ?? '')?.[1];
  expect(code).toBeDefined();
  const changed = await learner.api('POST', `/api/accounts/${LEARNER.id}/change-email`, { verificationCode: code });
  expect(changed.status).toBe(200);

  // The new address signs in (a new browser, through either instance).
  const later = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await later.signIn(newEmail, LEARNER.password);
  const profile = await later.api('GET', `/api/profiles/account/${LEARNER.id}`);
  expect((profile.body as { email: string }).email).toBe(newEmail);

  // Round robin alternates, but a health check that is slow on a busy machine may take an instance
  // out for a moment: the test asks that both instances served the session, not a strict order.
  const api = learner.instances.slice(signIn.length);
  const counts = Object.fromEntries(['instance-1', 'instance-2'].map((id) => [id, api.filter((i) => i === id).length]));
  console.info(`session across instances: sign-in steps ${signIn.join(' → ')}; API requests ${api.join(' → ')}; per instance ${JSON.stringify(counts)}`);
  expect(counts['instance-1']).toBeGreaterThan(0);
  expect(counts['instance-2']).toBeGreaterThan(0);
});
