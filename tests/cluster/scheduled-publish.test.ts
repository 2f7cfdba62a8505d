import { setTimeout as sleep } from 'node:timers/promises';
import { fetch } from 'undici';
import { OWNER_PASSWORD } from '../../src/server/seed/demo-data';
import { useClusterFixture } from './cluster-fixture';
import { LearnerClient } from './learner-client';

// Publish on a date across a fleet (docs/admin-area.md, "Publish on a date"): three instances behind
// HAProxy on one PostgreSQL. A draft (approved by the second product owner: the cluster runs in
// production mode) is scheduled a few seconds ahead through instance 1, with an end three seconds
// after that; instance 1 is killed with SIGKILL before the time. Every remaining instance, asked
// directly and through the load balancer, serves the new version within 2 s of its time, and the
// version before it within 2 s of the end, with nobody calling anything.

const WITHIN_MS = 2_000;
const fixture = useClusterFixture(3);

const wallIn = (ms: number) => {
  const at = new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);
  return { wall: { date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 19), timeZone: 'UTC' }, at: at.getTime() };
};

it('carries a scheduled publish and its end out on every instance within 2 s of their times, the scheduling instance killed before', async () => {
  const { cluster } = fixture();
  const [one, ...others] = cluster.instances;
  const direct = others.map((i) => `http://127.0.0.1:${i.port}`);
  const origins = [...direct, cluster.portalOrigin];
  const author = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await author.signIn('owner@example.com', OWNER_PASSWORD);
  const approver = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await approver.signIn('owner2@example.com', OWNER_PASSWORD);
  const viaOne = `http://127.0.0.1:${one!.port}`;

  const hashOf = async (origin: string) =>
    (await fetch(`${origin}/api/health`, origin === cluster.portalOrigin ? { dispatcher: cluster.agent } : {})).headers.get('x-rules-version');
  const base = await hashOf(direct[0]!);

  const draft = await author.api(
    'POST',
    '/api/admin/rules/drafts',
    { reason: 'launch: city at most 20', changes: [{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20 }] },
    {},
    undefined,
    viaOne,
  );
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const { id, hash } = draft.body as { id: string; hash: string };
  expect((await approver.api('POST', `/api/admin/rules/drafts/${id}/approve`, {}, {}, undefined, viaOne)).status).toBe(200);
  const start = wallIn(6_000);
  const end = wallIn(9_000);
  const scheduled = await author.api('POST', `/api/admin/rules/drafts/${id}/schedule`, { at: start.wall, until: end.wall }, {}, undefined, viaOne);
  expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(201);

  // The instance that scheduled it is gone before the time.
  await one!.kill();
  expect(Date.now()).toBeLessThan(start.at);

  const inForceAt = async (origin: string, expected: string | null, deadline: number) => {
    while (Date.now() < deadline) {
      if ((await hashOf(origin).catch(() => null)) === expected) return Date.now();
      await sleep(20);
    }
    return -1;
  };
  const publishedAt = await Promise.all(origins.map((origin) => inForceAt(origin, hash, start.at + WITHIN_MS + 1_000)));
  const late = publishedAt.map((t) => (t < 0 ? -1 : t - start.at));
  console.log(`scheduled publish in force ${late.join(', ')} ms after its time (instances 2, 3, load balancer)`);
  for (const ms of late) {
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThan(WITHIN_MS);
  }
  const endedAt = await Promise.all(origins.map((origin) => inForceAt(origin, base, end.at + WITHIN_MS + 1_000)));
  const endLate = endedAt.map((t) => (t < 0 ? -1 : t - end.at));
  console.log(`temporary version ended ${endLate.join(', ')} ms after its end (instances 2, 3, load balancer)`);
  for (const ms of endLate) {
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(ms).toBeLessThan(WITHIN_MS);
  }
  const list = await author.api('GET', '/api/admin/rules/schedule', undefined, {}, undefined, direct[0]);
  const entries = (list.body as { entries: Array<{ action: string; status: string }> }).entries;
  expect(
    entries
      .filter((e) => e.status === 'done')
      .map((e) => e.action)
      .sort(),
  ).toEqual(['end', 'publish']);
});
