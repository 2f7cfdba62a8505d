import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fetch } from 'undici';
import { useClusterFixture } from './cluster-fixture';
import { LEARNER, LearnerClient, type Answer } from './learner-client';

// An instance whose event loop is held (a runaway computation, in 400 ms slices for 8 s, started by
// a signal; tests/cluster/support/stall-on-signal.js) sheds load: asked directly it answers 503 with
// Retry-After at once instead of queueing, its readiness says 'under pressure', the load balancer
// takes it out of rotation and the other instance serves everything, and once the loop is free it
// comes back.

const readyAt = (probe: { at: number } | undefined) => probe?.at ?? Number.NaN;
const stall = join(import.meta.dirname, 'support/stall-on-signal.js');
const fixture = useClusterFixture(2, { MAX_EVENT_LOOP_DELAY_MS: '200', NODE_OPTIONS: `--import=${stall}`, STALL_MS: '8000', STALL_SLICE_MS: '400' });

it('takes a stalled instance out of rotation while the other keeps serving, and brings it back', async () => {
  const { cluster } = fixture();
  const [stalled, healthy] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
  const learner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await learner.signIn();

  let stopping = false;
  const answers: { at: number; answer: Answer | 'network-error' }[] = [];
  const load = [0, 1].map(async () => {
    while (!stopping) {
      const answer = await learner
        .api('GET', `/api/profiles/account/${LEARNER.id}`, undefined, {}, AbortSignal.timeout(15_000))
        .catch(() => 'network-error' as const);
      answers.push({ at: Date.now(), answer });
      await sleep(20);
    }
  });
  await sleep(1_000);

  stalled.child.kill('SIGUSR2');
  const stalledAt = Date.now();
  // Asked directly: readiness says why, and a request is shed at once with Retry-After.
  let readiness = { status: 0, reason: '' };
  for (let waited = 0; waited < 4_000 && readiness.status !== 503; waited += 100) {
    const res = await fetch(`http://127.0.0.1:${stalled.port}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    readiness = { status: res?.status ?? 0, reason: ((await res?.json().catch(() => ({}))) as { reason?: string }).reason ?? '' };
    if (readiness.status !== 503) await sleep(100);
  }
  const shed = await learner.api('GET', `/api/profiles/account/${LEARNER.id}`, undefined, {}, AbortSignal.timeout(5_000), `http://127.0.0.1:${stalled.port}`);

  // Its readiness, asked every 100 ms until 10 s into the stall: when it said 503, and when 200 again.
  const probe: { at: number; status: number }[] = [];
  const probing = (async () => {
    while (Date.now() < stalledAt + 10_000) {
      const res = await fetch(`http://127.0.0.1:${stalled.port}/api/ready`).catch(() => undefined);
      probe.push({ at: Date.now() - stalledAt, status: res?.status ?? 0 });
      await res?.arrayBuffer();
      await sleep(100);
    }
  })();
  // The load balancer notices (two failed checks 500 ms apart, each answered late) and sends
  // everything to the other: from 3.5 s into the stall until 6.5 s (it lasts 8 s), every answer is
  // the healthy instance's.
  const windowStart = stalledAt + 3_500;
  await sleep(windowStart + 3_000 - Date.now());
  const inWindow = answers.filter((a) => a.at >= windowStart && a.at < windowStart + 3_000);

  // The loop is free again after 8 s: the instance comes back into rotation.
  let backAt = 0;
  for (let waited = 0; waited < 20_000 && !backAt; waited += 200) {
    const recent = answers.at(-1);
    if (recent && recent.answer !== 'network-error' && recent.answer.instance === stalled.id && recent.at > stalledAt + 8_000) backAt = recent.at;
    else await sleep(200);
  }
  stopping = true;
  await Promise.all(load);
  await probing;
  const unready = probe.filter((p) => p.status === 503);
  const readyAgain = probe.find((p) => p.status === 200 && p.at > (unready.at(-1)?.at ?? 0));

  const byStatus: Record<string, number> = {};
  for (const { answer } of answers) {
    const key = answer === 'network-error' ? answer : String(answer.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  console.info(
    `load shedding: readiness of the stalled instance ${readiness.status} ${readiness.reason}; a direct request ${shed.status} (Retry-After ${shed.retryAfter ?? '-'}); ` +
      `${answers.length} requests through the load balancer, by status ${JSON.stringify(byStatus)}; while out of rotation ${inWindow.length} answered, all by ${healthy.id}: ${inWindow.every((a) => a.answer !== 'network-error' && a.answer.instance === healthy.id)}; back in rotation ${((backAt - stalledAt) / 1000).toFixed(1)} s after the stall began; ` +
      `readiness asked directly said 503 from ${((unready[0]?.at ?? 0) / 1000).toFixed(1)} s to ${((unready.at(-1)?.at ?? 0) / 1000).toFixed(1)} s, 200 again at ${(readyAt(readyAgain) / 1000).toFixed(1)} s`,
  );
  const outOfPlace = inWindow.filter((a) => a.answer === 'network-error' || a.answer.instance !== healthy.id || a.answer.status !== 200);
  // HAProxy's warnings name each server it took out or brought back.
  if (outOfPlace.length > 0) {
    const seen = outOfPlace.map((a) => `${a.at - stalledAt} ms: ${a.answer === 'network-error' ? a.answer : `${a.answer.status} from ${a.answer.instance}`}`);
    console.info(`answers out of place: ${seen.join(', ')}\nload balancer:\n${String(cluster.loadBalancer.output)}`);
  }
  expect(readiness).toEqual({ status: 503, reason: 'under pressure' });
  expect(shed.status).toBe(503);
  expect(Number(shed.retryAfter)).toBeGreaterThan(0);
  expect(inWindow.length).toBeGreaterThan(5);
  expect(outOfPlace).toEqual([]);
  expect(readyAgain).toBeDefined();
  expect(backAt).toBeGreaterThan(0);
  // Nothing but answers: no 500, no cut connection.
  expect(Object.keys(byStatus).filter((status) => status !== '200' && status !== '503')).toEqual([]);
  expect(stalled.running() && healthy.running()).toBe(true);
});
