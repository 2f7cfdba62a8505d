import { setTimeout as sleep } from 'node:timers/promises';
import { fetch } from 'undici';
import { OWNER_PASSWORD } from '../../src/server/seed/demo-data';
import { useClusterFixture } from './cluster-fixture';
import { LearnerClient } from './learner-client';

// A product owner drafts the pattern that once could stall a cluster (a look-behind over an
// overlapping repetition) and the other catastrophic shapes, through the load balancer: each is
// refused at its change, and while the checks run (in the rules thread) no instance's health
// answer waits more than 100 ms.

const fixture = useClusterFixture(2);

const CITY_PATTERN = { file: 'defs/address.schema.json', op: 'add', path: '/properties/city/pattern' };
const PATTERNS = ['(?<=c(?:a|a)*)x', '^(a+)+$', '^(a|aa)+$', '^\\d+\\d+x', '[^\\s@]+@[^\\s@]+\\.[^\\s@]+'];

it('refuses drafted catastrophic patterns while every instance answers its health check at once', async () => {
  const { cluster } = fixture();
  const owner = new LearnerClient(cluster.portalOrigin, cluster.issuer, cluster.agent);
  await owner.signIn('owner@example.com', OWNER_PASSWORD);

  let probing = true;
  const waits: number[] = [];
  const probes = Promise.all(
    cluster.instances.map(async (instance) => {
      while (probing) {
        const started = performance.now();
        const answer = await fetch(`http://127.0.0.1:${instance.port}/api/health`);
        await answer.arrayBuffer();
        waits.push(performance.now() - started);
        expect(answer.status).toBe(200);
        await sleep(20);
      }
    }),
  );
  try {
    for (const pattern of PATTERNS) {
      const started = performance.now();
      const drafted = await owner.api('POST', '/api/admin/rules/drafts', { reason: 'a city rule', changes: [{ ...CITY_PATTERN, value: pattern }] });
      expect(drafted.status, pattern).toBe(400);
      const errors = (drafted.body as { errors: Array<{ change: number; keyword: string; key: string }> }).errors;
      expect(errors[0], pattern).toMatchObject({ change: 0, keyword: 'pattern' });
      expect(errors[0]?.key, pattern).toMatch(/^Rules\.Refusal\.Pattern/);
      console.log(`${pattern}: refused (${errors[0]?.key}) in ${(performance.now() - started).toFixed(0)} ms`);
    }
  } finally {
    probing = false;
    await probes;
  }
  waits.sort((a, b) => a - b);
  console.log(
    `health answers during the checks: ${waits.length}, median ${waits[Math.floor(waits.length / 2)]?.toFixed(1)} ms, slowest ${waits.at(-1)?.toFixed(1)} ms`,
  );
  expect(waits.length).toBeGreaterThan(10);
  expect(waits.at(-1)).toBeLessThan(100);
}, 120_000);
