import { setTimeout as sleep } from 'node:timers/promises';
import { profileIdOf } from '../../src/server/seed/demo';
import { useClusterFixture } from './cluster-fixture';
import { LEARNER, LearnerClient, type Answer } from './learner-client';

// A rolling restart under load: each instance in turn gets SIGTERM (readiness answers 503 for
// DRAIN_DELAY_MS, the load balancer's checks take it out, requests in flight finish), starts
// again and is taken back. Clients see no 5xx and no cut connection.

const fixture = useClusterFixture(2);

it('restarts every instance in turn under load with no 5xx seen by clients', async () => {
  const { cluster } = fixture();
  const learner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await learner.signIn();

  let stopping = false;
  const answers: (Answer | 'network-error')[] = [];
  // Three clients: two read the profile, one saves it, each one request after another.
  const load = [0, 1, 2].map(async (c) => {
    for (let n = 1; n <= 20_000 && !stopping; n++) {
      const request =
        c === 2
          ? learner.api(
              'PATCH',
              `/api/profiles/${profileIdOf(LEARNER.id)}`,
              [{ op: 'replace', path: '/company', value: `Rolling ${n}` }],
              {},
              AbortSignal.timeout(15_000),
            )
          : learner.api('GET', `/api/profiles/account/${LEARNER.id}`, undefined, {}, AbortSignal.timeout(15_000));
      answers.push(await request.catch(() => 'network-error' as const));
    }
  });

  const restarts: string[] = [];
  for (const instance of cluster.instances) {
    await sleep(500);
    const started = Date.now();
    await instance.stop();
    const stoppedMs = Date.now() - started;
    await instance.start();
    await cluster.untilBalanced();
    restarts.push(`${instance.id}: drained and stopped in ${stoppedMs} ms, back in the rotation after ${Date.now() - started} ms`);
  }
  await sleep(500);
  stopping = true;
  await Promise.all(load);

  const fiveHundreds = answers.filter((a) => a !== 'network-error' && a.status >= 500);
  const cut = answers.filter((a) => a === 'network-error');
  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[a === 'network-error' ? a : String(a.status)] = (byStatus[a === 'network-error' ? a : String(a.status)] ?? 0) + 1;
  console.info(
    `rolling restart: ${answers.length} requests, by status ${JSON.stringify(byStatus)}; ${fiveHundreds.length} 5xx, ${cut.length} cut; ${restarts.join('; ')}`,
  );
  expect(answers.length).toBeGreaterThan(50);
  expect(fiveHundreds).toEqual([]);
  expect(cut).toEqual([]);
});
