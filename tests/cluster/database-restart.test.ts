import { setTimeout as sleep } from 'node:timers/promises';
import { fetch } from 'undici';
import { useClusterFixture } from './cluster-fixture';
import { authorizeUrl, pkce } from '../integration/idp/harness';
import { LEARNER, LearnerClient, type Answer } from './learner-client';

// PostgreSQL (the cluster's own server, never the machine's shared one) stopped and started again
// under load: the instances answer 503 with Retry-After in their own error shape, never 500, and
// never exit; readiness stays true (the database is shared: were every instance to leave the
// rotation, the load balancer would have nobody to answer), saying the database is unreachable; once the
// database is back they serve again without a restart.

const fixture = useClusterFixture(2);

it('answers 503 while the database is down and recovers without a restart', async () => {
  const { cluster } = fixture();
  const postgres = cluster.postgres!;
  const learner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await learner.signIn();
  const pids = cluster.instances.map((i) => i.child.pid);

  let stopping = false;
  const answers: { at: number; answer: Answer | 'network-error' }[] = [];
  const load = [0, 1].map(async () => {
    for (let n = 1; n <= 20_000 && !stopping; n++) {
      const answer = await learner
        .api('GET', `/api/profiles/account/${LEARNER.id}`, undefined, {}, AbortSignal.timeout(15_000))
        .catch(() => 'network-error' as const);
      answers.push({ at: Date.now(), answer });
      await sleep(20);
    }
  });

  await sleep(1_000);
  await postgres.stop();
  const downAt = Date.now();
  // Readiness, asked of each instance directly: false while the database is away.
  const readiness = async () =>
    Promise.all(
      cluster.instances.map(async (i) => {
        const res = await fetch(`http://127.0.0.1:${i.port}/api/ready`).catch(() => undefined);
        return { status: res?.status ?? 0, body: ((await res?.json()) ?? {}) as { reason?: string; database?: string } };
      }),
    );
  let notReady: Awaited<ReturnType<typeof readiness>> = [];
  for (let waited = 0; waited < 10_000; waited += 200) {
    notReady = await readiness();
    if (notReady.every((r) => r.body.database === 'unreachable')) break;
    await sleep(200);
  }
  // The instances themselves say 503, as they do through the load balancer.
  const direct = await Promise.all(
    cluster.instances.map((i) =>
      learner.api('GET', `/api/profiles/account/${LEARNER.id}`, undefined, {}, AbortSignal.timeout(15_000), `http://127.0.0.1:${i.port}`),
    ),
  );
  // The identity provider of each instance too: an authorization request stores an interaction.
  const idpDirect = await Promise.all(
    cluster.instances.map(async (i) => {
      const url = authorizeUrl(`https://localhost:${i.idpPort}`, pkce().challenge, { redirect_uri: `${cluster.portalOrigin}/auth/redirect`, scope: 'openid' });
      const res = await fetch(url, { dispatcher: cluster.agent, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    }),
  );
  await sleep(2_000);
  await postgres.start();
  const upAt = Date.now();
  let recoveredAt = 0;
  for (let waited = 0; waited < 30_000 && !recoveredAt; waited += 100) {
    const last = answers.at(-1);
    if (last && last.at > upAt && last.answer !== 'network-error' && last.answer.status === 200) recoveredAt = last.at;
    else await sleep(100);
  }
  await sleep(500);
  stopping = true;
  await Promise.all(load);

  for (const i of cluster.instances) if (!i.running()) console.error(`${i.id} exited (${i.child.exitCode ?? i.child.signalCode}):\n${i.output}`);
  const byStatus: Record<string, number> = {};
  for (const { answer } of answers) {
    const key = answer === 'network-error' ? answer : String(answer.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  console.info(
    `database restart: ${answers.length} requests, by status ${JSON.stringify(byStatus)}; instances asked directly while down ${direct.map((d) => d.status).join(', ')}, their identity providers ${idpDirect.map((d) => d.status).join(', ')}; readiness while down ${notReady.map((r) => `${r.status} ${r.body.database ?? ''}`).join(', ')}; ` +
      `down ${upAt - downAt} ms; first 200 ${recoveredAt ? recoveredAt - upAt : 'never'} ms after the database was back`,
  );
  expect(notReady.map((r) => r.status)).toEqual([200, 200]);
  expect(direct.map((d) => d.status)).toEqual([503, 503]);
  expect(idpDirect).toEqual([
    { status: 503, retryAfter: '1' },
    { status: 503, retryAfter: '1' },
  ]);
  expect(notReady.every((r) => r.body.database === 'unreachable')).toBe(true);
  // Every 503 a client saw through the load balancer was an instance's own: the services' error
  // shape with Retry-After, never the load balancer's page for "no server is available".
  const unavailable = answers.flatMap(({ answer }) => (answer !== 'network-error' && answer.status === 503 ? [answer] : []));
  expect(unavailable.length).toBeGreaterThan(0);
  for (const answer of unavailable) {
    expect(answer.instance).not.toBeNull();
    expect(answer.retryAfter).toBe('1');
    expect(answer.body).toMatchObject({ statusCode: 503 });
  }
  expect(recoveredAt).toBeGreaterThan(0);
  expect(Object.keys(byStatus).sort()).toEqual(['200', '503']);
  // The same processes: nothing exited or was restarted.
  expect(cluster.instances.map((i) => i.running() && i.child.pid)).toEqual(pids);
  const ready = await readiness();
  expect(ready.map((r) => r.status)).toEqual([200, 200]);
});
