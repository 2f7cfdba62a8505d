import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { fetch } from 'undici';
import { OWNER_PASSWORD } from '../../src/server/seed/demo-data';
import { useClusterFixture } from './cluster-fixture';
import { LEARNER, LearnerClient } from './learner-client';

// A rules version published through one instance comes into force on every instance within 2 s of
// its commit, while learners keep the three instances busy, and the fleet does not stall: each
// instance builds the version's validators in its rules thread before it switches, so no instance
// answers 503 and none keeps its liveness answer (/api/health) waiting 100 ms or more. The publish is
// one transaction that moves the published pointer and notifies every instance (LISTEN
// rules_published), with a 1 s poll behind it; the time is counted from the version row's
// published_at, read from the database (PostgreSQL's clock, this machine's), never from the
// publish's answer. The cluster runs in production mode, so a second product owner approves each
// draft first (RULES_APPROVAL on). The first publish is cold: no instance has built anything yet.

const FOLLOW_MS = 2_000;
const HEALTH_BUDGET_MS = 100;
const fixture = useClusterFixture(3);

const CITY = { file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength' };
const cityPatch = (city: string) => [{ op: 'replace', path: '/addresses/0/city', value: city }];

interface Sample {
  instance: number;
  /** When the answer came (ms since the epoch), how long it took, its status and rules version. */
  at: number;
  ms: number;
  status: number;
  hash: string | null;
}

// Each instance's liveness asked every 20 ms from a thread of its own, so the test's own work (the
// load, sign-ins) never delays a probe: what it measures is the instances' answers. A first round,
// not counted, opens the connections and warms the thread's own fetch; then it says it is ready.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const samples = [];
let probing = true;
parentPort.on('message', () => { probing = false; });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const urls = workerData.urls;
Promise.all(urls.map(async (url) => (await fetch(url + '/api/health')).arrayBuffer()))
  .then(() => parentPort.postMessage('ready'))
  .then(() => Promise.all(urls.map(async (url, instance) => {
  while (probing) {
    const started = performance.now();
    let status = 0;
    let hash = null;
    try {
      const res = await fetch(url + '/api/health', { signal: AbortSignal.timeout(10000) });
      await res.arrayBuffer();
      status = res.status;
      hash = res.headers.get('x-rules-version');
    } catch {}
    const ms = performance.now() - started;
    samples.push({ instance, at: performance.timeOrigin + started + ms, ms, status, hash });
    await sleep(20);
  }
}))).then(() => parentPort.postMessage(samples));
`;

async function probe(urls: string[]): Promise<{ stop(): Promise<Sample[]> }> {
  const worker = new Worker(PROBE, { eval: true, workerData: { urls } });
  // Its two messages: 'ready', then (once told to stop) the samples.
  await once(worker, 'message');
  return {
    async stop() {
      worker.postMessage('stop');
      const [samples] = (await once(worker, 'message')) as [Sample[]];
      await worker.terminate();
      return samples;
    },
  };
}

it('brings each publish into force on every instance within 2 s of its commit, under load, with no 503 and no liveness answer held', async () => {
  const { cluster, sql } = fixture();
  const urls = cluster.instances.map((i) => `http://127.0.0.1:${i.port}`);
  const sign = async (email: string, password: string) => {
    const client = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
    await client.signIn(email, password);
    return client;
  };
  const owner = await sign('owner@example.com', OWNER_PASSWORD);
  const approver = await sign('owner2@example.com', OWNER_PASSWORD);
  const learner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await learner.signIn();
  const loaders = await Promise.all(['e2e.password', 'e2e.email', 'e2e.redeem', 'e2e.profile'].map((name) => sign(`${name}@example.com`, 'E2eLearner2026')));
  const profile = (await learner.api('GET', `/api/profiles/account/${LEARNER.id}`)).body as { id: string };
  const save = (city: string, at: string) => learner.api('PATCH', `/api/profiles/${profile.id}`, cityPatch(city), {}, undefined, at);
  const baseHash = (await fetch(`${urls[0]}/api/health`)).headers.get('x-rules-version');

  // Steady saves: learners reading and saving their profiles through the load balancer the whole time.
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

  /** Publishes (through `publish`), then follows every instance until it serves `hash`: the figures of each. */
  const follow = async (label: string, publish: () => Promise<string>) => {
    const probes = await probe(urls);
    await sleep(200);
    const hash = await publish();
    const committed = await sql.query<{ at: Date }>('select published_at as at from rules_versions where hash = $1 order by number desc limit 1', [hash]);
    const committedAt = committed.rows[0]!.at.getTime();
    // Long enough for the slowest instance to follow, with room to see that it took too long.
    while (Date.now() < committedAt + FOLLOW_MS + 1_000) await sleep(100);
    const samples = await probes.stop();
    const figures = urls.map((_url, instance) => {
      const own = samples.filter((s) => s.instance === instance);
      const first = own.find((s) => s.hash === hash);
      return {
        instance: instance + 1,
        // From the commit until this instance's first answer under the new version.
        followedMs: first ? Math.round(first.at - committedAt) : Number.POSITIVE_INFINITY,
        healthMaxMs: Math.round(Math.max(...own.map((s) => s.ms)) * 10) / 10,
        probes: own.length,
        notOk: own.filter((s) => s.status !== 200).length,
      };
    });
    console.log(
      `${label}: ${figures.map((f) => `instance ${f.instance} followed ${f.followedMs} ms after the commit, health at most ${f.healthMaxMs} ms (${f.probes} probes)`).join('; ')}`,
    );
    for (const f of figures) {
      expect(f.notOk, `instance ${f.instance}`).toBe(0);
      expect(f.followedMs, `instance ${f.instance}`).toBeLessThan(FOLLOW_MS);
      expect(f.healthMaxMs, `instance ${f.instance}`).toBeLessThan(HEALTH_BUDGET_MS);
    }
    return hash;
  };

  /** A draft made and approved through an instance; the publish is what `follow` watches. */
  const approvedDraft = async (value: number, through: string) => {
    const draft = await owner.api(
      'POST',
      '/api/admin/rules/drafts',
      { reason: `city at most ${value}`, changes: [{ ...CITY, value }] },
      {},
      undefined,
      through,
    );
    expect(draft.status).toBe(201);
    const { id } = draft.body as { id: string };
    expect((await approver.api('POST', `/api/admin/rules/drafts/${id}/approve`, {}, {}, undefined, through)).status).toBe(200);
    return async () => {
      const published = await owner.api('POST', `/api/admin/rules/drafts/${id}/publish`, {}, {}, undefined, through);
      expect(published.status).toBe(200);
      return (published.body as { hash: string }).hash;
    };
  };

  try {
    for (const url of urls) expect((await save('C'.repeat(21), url)).status).toBe(200);
    // For comparison, the same load without a publish: how long liveness answers take on this machine now.
    const quiet = await probe(urls);
    await sleep(3_000);
    const calm = await quiet.stop();
    console.log(
      `no publish, 3 s: ${urls.map((_url, instance) => `instance ${instance + 1} health at most ${Math.round(Math.max(...calm.filter((s) => s.instance === instance).map((s) => s.ms)) * 10) / 10} ms`).join('; ')}`,
    );

    // Cold: the first publish since the instances started, through instance 1.
    const strict = await follow('cold publish (city at most 20) through instance 1', await approvedDraft(20, urls[0]!));
    for (const url of urls) {
      const refused = await save('C'.repeat(21), url);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errors: [{ path: '/primaryAddress/city', key: 'Validation.InvalidCity' }] });
      expect((await save('C'.repeat(20), url)).status).toBe(200);
    }
    const module = await fetch(`${urls[2]}/rules/${strict}/forms/profile.js`);
    expect(module.status).toBe(200);
    expect(await module.text()).toContain('"maxLength":20');

    // A roll back through instance 2 reaches the others as quickly.
    const back = await follow('roll back to the base through instance 2', async () => {
      const res = await owner.api('POST', '/api/admin/rules/versions/0/republish', { reason: 'roll back' }, {}, undefined, urls[1]);
      expect(res.status).toBe(200);
      return (res.body as { hash: string }).hash;
    });
    expect(back).toBe(baseHash);
    for (const url of urls) expect((await save('C'.repeat(21), url)).status).toBe(200);

    // And a warm publish of new rules through instance 3.
    await follow('warm publish (city at most 25) through instance 3', await approvedDraft(25, urls[2]!));
    for (const url of urls) expect((await save('C'.repeat(26), url)).status).toBe(400);
  } finally {
    loading = false;
    await load;
  }
  // The load ran the whole time and nothing failed (no 503 anywhere; its cities pass every version's rules).
  expect(statuses.length).toBeGreaterThan(20);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  console.log(`${statuses.length} requests of the load, all 200`);
});

function accountIdOf(client: LearnerClient): string {
  const payload = JSON.parse(Buffer.from(client.token.split('.')[1]!, 'base64url').toString('utf8')) as { id: string };
  return payload.id;
}
