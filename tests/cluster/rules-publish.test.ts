import { setTimeout as sleep } from 'node:timers/promises';
import { fetch } from 'undici';
import { OWNER_PASSWORD } from '../../src/server/seed/demo-data';
import { useClusterFixture } from './cluster-fixture';
import { LEARNER, LearnerClient } from './learner-client';

// A rules version published through one instance is what the other validates with within 2 s,
// while learners keep both busy: the publish is one transaction that moves the published pointer and
// notifies every instance (LISTEN rules_published), with a 1 s poll behind it. The cluster runs in
// production mode, so a second product owner approves the draft first (RULES_APPROVAL on).

const FOLLOW_MS = 2_000;
const fixture = useClusterFixture(2);

const CITY = { file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength' };
const cityPatch = (city: string) => [{ op: 'replace', path: '/addresses/0/city', value: city }];

it('publishes through one instance; the other validates with the new rules within 2 s, under load', async () => {
  const { cluster } = fixture();
  const [one, two] = cluster.instances.map((i) => `http://127.0.0.1:${i.port}`) as [string, string];
  const owner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await owner.signIn('owner@example.com', OWNER_PASSWORD);
  const approver = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await approver.signIn('owner2@example.com', OWNER_PASSWORD);
  const learner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await learner.signIn();

  // Load: learners reading and saving their profiles through the load balancer the whole time.
  const loaders = await Promise.all(
    ['e2e.password', 'e2e.email', 'e2e.redeem', 'e2e.profile'].map(async (name) => {
      const client = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
      await client.signIn(`${name}@example.com`, 'E2eLearner2026');
      return client;
    }),
  );
  let loading = true;
  const statuses: number[] = [];
  const load = Promise.all(
    loaders.map(async (client, n) => {
      const me = (await client.api('GET', `/api/profiles/account/${accountIdOf(client)}`)).body as { id: string };
      for (let i = 0; loading; i++) {
        statuses.push((await client.api('GET', `/api/profiles/account/${accountIdOf(client)}`)).status);
        statuses.push((await client.api('PATCH', `/api/profiles/${me.id}`, cityPatch(`Load ${n} ${i % 10}`))).status);
      }
    }),
  );

  try {
    const profile = (await learner.api('GET', `/api/profiles/account/${LEARNER.id}`)).body as { id: string };
    const save = (city: string, origin: string) => learner.api('PATCH', `/api/profiles/${profile.id}`, cityPatch(city), {}, undefined, origin);
    expect((await save('C'.repeat(21), two)).status).toBe(200);

    const draft = await owner.api('POST', '/api/admin/rules/drafts', { reason: 'city at most 20', changes: [{ ...CITY, value: 20 }] }, {}, undefined, one);
    expect(draft.status).toBe(201);
    const { id, hash } = draft.body as { id: string; hash: string };
    expect((await approver.api('POST', `/api/admin/rules/drafts/${id}/approve`, {}, {}, undefined, one)).status).toBe(200);
    const published = await owner.api('POST', `/api/admin/rules/drafts/${id}/publish`, {}, {}, undefined, one);
    expect(published.status).toBe(200);
    const publishedAt = Date.now();

    // The other instance refuses 21 characters (and says which rules it validates with) within 2 s.
    let refusedAfter = -1;
    while (Date.now() - publishedAt < FOLLOW_MS + 1_000) {
      const answer = await save('C'.repeat(21), two);
      if (answer.status === 400) {
        refusedAfter = Date.now() - publishedAt;
        expect(answer.body).toMatchObject({ errors: [{ path: '/primaryAddress/city', key: 'Validation.InvalidCity' }] });
        break;
      }
      expect(answer.status).toBe(200);
      await sleep(50);
    }
    console.log(`instance 2 refused under the new rules ${refusedAfter} ms after the publish through instance 1`);
    expect(refusedAfter).toBeGreaterThanOrEqual(0);
    expect(refusedAfter).toBeLessThan(FOLLOW_MS);
    const health = await fetch(`${two}/api/health`);
    expect(health.headers.get('x-rules-version')).toBe(hash);
    const module = await fetch(`${two}/rules/${hash}/forms/profile.js`);
    expect(module.status).toBe(200);
    expect(await module.text()).toContain('"maxLength":20');
    expect((await save('C'.repeat(20), two)).status).toBe(200);

    // And back: a roll back through instance 2 reaches instance 1 as quickly.
    const back = await owner.api('POST', '/api/admin/rules/versions/0/republish', { reason: 'roll back' }, {}, undefined, two);
    expect(back.status).toBe(200);
    const backAt = Date.now();
    let acceptedAfter = -1;
    while (Date.now() - backAt < FOLLOW_MS + 1_000) {
      const answer = await save('C'.repeat(21), one);
      if (answer.status === 200) {
        acceptedAfter = Date.now() - backAt;
        break;
      }
      await sleep(50);
    }
    console.log(`instance 1 accepted 21 characters again ${acceptedAfter} ms after the roll back through instance 2`);
    expect(acceptedAfter).toBeGreaterThanOrEqual(0);
    expect(acceptedAfter).toBeLessThan(FOLLOW_MS);
  } finally {
    loading = false;
    await load;
  }
  // The load ran the whole time and nothing failed (its cities pass both versions' rules).
  expect(statuses.length).toBeGreaterThan(20);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
});

function accountIdOf(client: LearnerClient): string {
  const payload = JSON.parse(Buffer.from(client.token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  return payload.id;
}
