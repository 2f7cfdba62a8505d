import { setTimeout as sleep } from 'node:timers/promises';
import { fetch } from 'undici';
import { TRANSLATOR_PASSWORD } from '../../src/server/seed/demo-data';
import { useClusterFixture } from './cluster-fixture';
import { LearnerClient } from './learner-client';

// A texts version published through one instance is what the other serves within 2 s: the texts
// console shares the rules' publish mechanism (one transaction, NOTIFY texts_published, a 1 s poll
// behind it). The cluster runs in production mode, so a second localisation account approves first
// (TEXTS_APPROVAL on). Learners keep both instances busy reading the portal configuration.

const FOLLOW_MS = 2_000;
const fixture = useClusterFixture(2);

const KEY = 'validation:Validation.InvalidCity';

it('publishes texts through one instance; the other serves them within 2 s, and a roll back as quickly', async () => {
  const { cluster } = fixture();
  const [one, two] = cluster.instances.map((i) => `http://127.0.0.1:${i.port}`) as [string, string];
  const author = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await author.signIn('translator@example.com', TRANSLATOR_PASSWORD);
  const approver = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await approver.signIn('translator2@example.com', TRANSLATOR_PASSWORD);

  let loading = true;
  const statuses: number[] = [];
  const load = (async () => {
    while (loading) statuses.push((await fetch(`${cluster.portalOrigin}/portal-config.json`, { dispatcher: cluster.agent })).status);
  })();
  const textsHashOf = async (origin: string) => ((await (await fetch(`${origin}/portal-config.json`)).json()) as { textsHash: string | null }).textsHash;
  const followed = async (origin: string, hash: string | null) => {
    const from = Date.now();
    while (Date.now() - from < FOLLOW_MS + 1_000) {
      if ((await textsHashOf(origin)) === hash) return Date.now() - from;
      await sleep(50);
    }
    return -1;
  };

  try {
    expect(await textsHashOf(two)).toBeNull();
    const text = '市区町村名が正しくありません（改訂）';
    const draft = await author.api(
      'POST',
      '/api/admin/texts/drafts',
      { reason: 'clearer city message', changes: [{ key: KEY, lang: 'ja', text }] },
      {},
      undefined,
      one,
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const { id } = draft.body as { id: string };
    // Not approved yet: refused, nothing published.
    expect((await author.api('POST', `/api/admin/texts/drafts/${id}/publish`, {}, {}, undefined, one)).status).toBe(409);
    expect((await author.api('POST', `/api/admin/texts/drafts/${id}/approve`, {}, {}, undefined, one)).status).toBe(403);
    expect((await approver.api('POST', `/api/admin/texts/drafts/${id}/approve`, {}, {}, undefined, one)).status).toBe(200);
    const published = await author.api('POST', `/api/admin/texts/drafts/${id}/publish`, {}, {}, undefined, one);
    expect(published.status).toBe(200);
    const { hash } = published.body as { hash: string };

    const after = await followed(two, hash);
    console.log(`instance 2 served the new texts ${after} ms after the publish through instance 1`);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBeLessThan(FOLLOW_MS);
    expect((await fetch(`${two}/api/health`)).headers.get('x-texts-version')).toBe(hash);
    const ja = await fetch(`${two}/texts/${hash}/ja/validation.json`);
    expect(ja.status).toBe(200);
    expect(ja.headers.get('cache-control')).toContain('immutable');
    expect(JSON.stringify(await ja.json())).toContain('（改訂）');

    // A roll back to the base through instance 2 reaches instance 1 as quickly.
    expect((await author.api('POST', '/api/admin/texts/versions/0/republish', { reason: 'roll back' }, {}, undefined, two)).status).toBe(200);
    const back = await followed(one, null);
    console.log(`instance 1 served the base texts again ${back} ms after the roll back through instance 2`);
    expect(back).toBeGreaterThanOrEqual(0);
    expect(back).toBeLessThan(FOLLOW_MS);
  } finally {
    loading = false;
    await load;
  }
  expect(statuses.length).toBeGreaterThan(20);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
});
