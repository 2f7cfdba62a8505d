import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { buildServer } from '../../scripts/lib/build-server';
import { instance, type Instance } from '../../scripts/lib/cluster/instances';
import { freePorts } from '../../scripts/lib/cluster/ports';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { demoAccounts } from '../../src/server/seed/demo-data';
import { profileIdOf } from '../../src/server/seed/demo';
import { LearnerClient } from './learner-client';

// The embedded default store (PGlite in DATA_DIR, no DATABASE_URL) and one instance, as `npm start`
// runs: eight learners save their profiles at once, each save waiting for its answer, and the
// process is killed with SIGKILL in the middle. After a restart on the same folder every save that
// was answered 2xx is there: each learner's last acknowledged value (or a later one that was in
// flight), and one audit row per acknowledged save.

const STREAMS = 8;
const E2E_PASSWORD = 'E2eLearner2026';
// Eight demo learners reserved for tests, each saving their own profile (no two writers on one row).
const learners = demoAccounts.filter((a) => a.email.startsWith('e2e.') && a.profile && a.password === E2E_PASSWORD).slice(0, STREAMS);

interface Attempt {
  n: number;
  status: number | 'network-error';
  sentAt: number;
}

const companyOf = (stream: number, n: number) => `Embedded Stream ${stream} Save ${n}`;

let dataDir: string;
let server: Instance;
let agent: Agent;

beforeAll(async () => {
  await buildServer();
  dataDir = await mkdtemp(join(tmpdir(), 'embedded-kill-'));
  const [port, idpPort, metricsPort] = await freePorts(3);
  server = instance({
    id: 'embedded',
    port: port!,
    idpPort: idpPort!,
    metricsPort: metricsPort!,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      ALLOW_DEMO_DEFAULTS: 'all',
      SEED_ON_START: 'true',
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      OIDC_ISSUER: `https://localhost:${idpPort}`,
      DATA_DIR: dataDir,
      SANDBOX: 'off',
      LOG_LEVEL: 'error',
    },
  });
  await server.start();
  agent = new Agent({ connect: { ca: await readFile(join(dataDir, 'tls', 'ca.pem'), 'utf8') } });
});

afterAll(async () => {
  await server?.stop();
  await agent?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it(`keeps every acknowledged save of ${STREAMS} streams when the single instance on the embedded store is killed with SIGKILL`, async () => {
  expect(learners).toHaveLength(STREAMS);
  const origin = `http://127.0.0.1:${server.port}`;
  const issuer = `https://localhost:${server.idpPort}`;
  const clients = await Promise.all(
    learners.map(async (learner) => {
      const client = new LearnerClient(origin, issuer, agent);
      await client.signIn(learner.email, E2E_PASSWORD);
      return client;
    }),
  );

  const attempts: Attempt[][] = learners.map(() => []);
  let killed = false;
  const streams = learners.map(async (learner, s) => {
    // Each stream goes on until its first failure after the kill (the instance is gone then).
    for (let n = 1; n <= 5_000; n++) {
      const sentAt = Date.now();
      const answer = await clients[s]!.api(
        'PATCH',
        `/api/profiles/${profileIdOf(learner.id)}`,
        [{ op: 'replace', path: '/company', value: companyOf(s, n) }],
        {},
        AbortSignal.timeout(15_000),
      ).catch(() => undefined);
      const status = answer?.status ?? 'network-error';
      attempts[s]!.push({ n, status, sentAt });
      if (status === 'network-error' && killed) return;
      if (status !== 'network-error' && status >= 300) throw new Error(`stream ${s} save ${n} answered ${status}: ${JSON.stringify(answer?.body)}`);
    }
  });

  const isAcked = (a: Attempt) => typeof a.status === 'number' && a.status >= 200 && a.status < 300;
  const acked = () => attempts.flat().filter(isAcked).length;
  const deadline = Date.now() + 60_000;
  while (acked() < STREAMS * 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const ackedBeforeKill = acked();
  killed = true;
  const killedAt = Date.now();
  await server.kill();
  await Promise.all(streams);

  // Restart on the same folder: PGlite recovers from its write-ahead log.
  const restartedAt = Date.now();
  await server.start();
  const restartMs = Date.now() - restartedAt;

  // Every learner's profile holds their last acknowledged value, or a later save that was in flight.
  const stored = await Promise.all(
    learners.map(async (learner, s) => {
      const read = await clients[s]!.api('GET', `/api/profiles/account/${learner.id}`);
      expect(read.status).toBe(200);
      return (read.body as { company?: string }).company;
    }),
  );
  const verdicts = learners.map((_, s) => {
    const mine = attempts[s]!;
    const lastAcked = Math.max(0, ...mine.filter(isAcked).map((a) => a.n));
    const allowed = new Set([companyOf(s, lastAcked), ...mine.filter((a) => a.n > lastAcked).map((a) => companyOf(s, a.n))]);
    return { lastAcked, stored: stored[s], kept: lastAcked > 0 && allowed.has(stored[s]!) };
  });

  // And a new save works after the restart.
  const after = await clients[0]!.api('PATCH', `/api/profiles/${profileIdOf(learners[0]!.id)}`, [
    { op: 'replace', path: '/company', value: 'After The Restart' },
  ]);
  expect(after.status).toBe(200);

  // One audit row per acknowledged save (written in the same statement as the profile): counted
  // in the data folder itself once the instance has stopped.
  await server.stop();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  const audits = await Promise.all(
    learners.map(async (learner) => {
      const row = await database.db
        .selectFrom('profile_audit')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('profile_id', '=', profileIdOf(learner.id))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  );
  await database.close();

  const all = attempts.flat();
  const inFlight = all.filter((a) => a.status === 'network-error');
  console.info(
    `kill -9 of the single instance on PGlite after ${ackedBeforeKill} acknowledged saves: ${all.length} saves sent by ${STREAMS} streams, ` +
      `${all.filter(isAcked).length} acknowledged, ${inFlight.length} cut (sent ${inFlight.map((a) => a.sentAt - killedAt).join(', ')} ms after the kill); ` +
      `restart ${restartMs} ms; last acknowledged value of each stream stored: ${verdicts.map((v) => v.kept).join(', ')}; audit rows ${audits.join(', ')} for ${attempts.map((a) => a.filter(isAcked).length).join(', ')} acknowledged`,
  );

  expect(ackedBeforeKill).toBeGreaterThanOrEqual(STREAMS * 30);
  expect(verdicts.map((v) => v.kept)).toEqual(learners.map(() => true));
  for (const [s, mine] of attempts.entries()) {
    const ok = mine.filter(isAcked).length;
    // One more than acknowledged at most: the save in flight when the process died may have committed.
    expect(audits[s]).toBeGreaterThanOrEqual(ok);
    expect(audits[s]).toBeLessThanOrEqual(mine.length + (s === 0 ? 1 : 0));
  }
  // Only the saves in flight at the kill failed: one per stream at most.
  expect(inFlight.length).toBeLessThanOrEqual(STREAMS);
});
