// npm run bench:api: requests/s and p99 latency of profile read and profile patch at 100
// connections, on PGlite and on PostgreSQL, beside the trivial /api/health in the same run; then
// PostgreSQL again at 500 connections. Prints the figures and the marks (the embedded store's
// PATCH p99 within 3x PostgreSQL's, its reads within 2x of PostgreSQL's throughput, no errors);
// with BENCH_JSON set, writes them there too (scripts/lib/bench-report.ts). Asserts nothing.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { dropSchema, openDatabase } from '../src/server/db';
import { demoId } from '../src/server/seed/demo-data';
import { seedDemoData } from '../src/server/seed/demo';
import { type BenchMark, type BenchReport, writeBenchJson } from './lib/bench-report';

interface CannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
}
type Cannon = (options: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** PostgreSQL is run once more at this many connections (0: not). */
const HIGH_CONNECTIONS = Number(process.env.BENCH_HIGH_CONNECTIONS ?? 500);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresReachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Row {
  store: string;
  connections: number;
  route: string;
  rps: number;
  p99: number;
  failures: number;
}

async function benchStore(store: 'pglite' | 'postgres', connections: number): Promise<Row[]> {
  // PGlite on disk in a fresh folder, as `npm start` runs it; PostgreSQL in a schema of its own.
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(store === 'postgres' ? { DATABASE_URL: POSTGRES_URL } : {}) });
  const schema = store === 'postgres' ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  const database = await openDatabase(config, { schema });
  await seedDemoData(database.db);
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
  const app = await buildApp({ config, database, jwks: createLocalJWKSet({ keys: [jwk] }), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // One account per connection, as real traffic is: every learner reads and patches their own profile.
  const template = await database.db.selectFrom('profiles').select('document').where('account_id', '=', demoId(22)).executeTakeFirstOrThrow();
  const users: Array<{ accountId: string; profileId: string; headers: Record<string, string> }> = [];
  for (let i = 0; i < connections; i++) {
    const accountId = `bench-${String(i).padStart(4, '0')}`;
    const profileId = `bench-profile-${i}`;
    const email = `bench${i}@example.com`;
    await database.db
      .insertInto('accounts')
      .values({ id: accountId, email, password_hash: null, given_name: 'Bench', family_name: `User${i}`, locale: 'en', password_changed_at: null })
      .execute();
    await database.db
      .insertInto('profiles')
      .values({ id: profileId, account_id: accountId, document: JSON.stringify({ ...template.document, email, ssoId: accountId }) })
      .execute();
    const token = await new SignJWT({ id: accountId })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'at+jwt' })
      .setIssuer(config.issuer)
      .setAudience(config.apiAudience)
      .setSubject(accountId)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    users.push({
      accountId,
      profileId,
      headers: { authorization: `Bearer ${token}`, [config.functionKeyHeader]: config.functionKey, 'content-type': 'application/json' },
    });
  }
  let next = 0;
  const perConnection =
    (request: (user: (typeof users)[number]) => Record<string, unknown>) => (client: { setRequests(r: Array<Record<string, unknown>>): void }) => {
      const user = users[next++ % users.length]!;
      client.setRequests([request(user)]);
    };
  const patchBody = JSON.stringify([
    { op: 'replace', path: '/company', value: 'Bench Co' },
    { op: 'replace', path: '/givenName/middleName', value: 'B' },
  ]);

  const runs = [
    { route: 'GET /api/health', options: { url: `${origin}/api/health` } },
    {
      route: 'GET profile',
      options: { url: origin, setupClient: perConnection((u) => ({ method: 'GET', path: `/api/profiles/account/${u.accountId}`, headers: u.headers })) },
    },
    {
      route: 'PATCH profile',
      options: {
        url: origin,
        setupClient: perConnection((u) => ({ method: 'PATCH', path: `/api/profiles/${u.profileId}`, headers: u.headers, body: patchBody })),
      },
    },
  ];
  const rows: Row[] = [];
  try {
    for (const run of runs) {
      // A short unmeasured run first, so JIT warm-up does not count against the first route.
      await autocannon({ connections: 10, duration: 1, ...run.options });
      const result = await autocannon({ connections, duration: DURATION, ...run.options });
      rows.push({ store, connections, route: run.route, rps: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors });
    }
  } finally {
    await app.close();
    if (schema) await dropSchema(database.db, schema);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const measuredAt = new Date().toISOString();
const load = loadavg();
const rows: Row[] = [];
rows.push(...(await benchStore('pglite', CONNECTIONS)));
const pgProblem = await postgresReachable();
if (pgProblem) console.warn(`PostgreSQL skipped: ${POSTGRES_URL} unreachable (${pgProblem})`);
else {
  rows.push(...(await benchStore('postgres', CONNECTIONS)));
  if (HIGH_CONNECTIONS > 0) rows.push(...(await benchStore('postgres', HIGH_CONNECTIONS)));
}

const healthRatio = (row: Row) => {
  const health = rows.find((r) => r.store === row.store && r.connections === row.connections && r.route === 'GET /api/health');
  return health && health.rps > 0 ? (row.rps / health.rps).toFixed(2) : '-';
};
console.log(`\nbench:api — ${DURATION} s per route; load average ${load.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores at the start\n`);
console.log('store     conns  route            req/s    p99 ms   vs health (req/s)   failures');
for (const row of rows) {
  console.log(
    `${row.store.padEnd(9)} ${String(row.connections).padStart(5)}  ${row.route.padEnd(16)} ${row.rps.toFixed(0).padStart(7)} ${String(row.p99).padStart(8)}   ${healthRatio(row).padStart(17)}   ${row.failures}`,
  );
}

const find = (store: string, route: string, connections = CONNECTIONS) =>
  rows.find((r) => r.store === store && r.route === route && r.connections === connections);
const marks: BenchMark[] = [];
const litePatch = find('pglite', 'PATCH profile');
const pgPatch = find('postgres', 'PATCH profile');
const liteRead = find('pglite', 'GET profile');
const pgRead = find('postgres', 'GET profile');
if (litePatch && pgPatch) {
  const ratio = litePatch.p99 / Math.max(pgPatch.p99, 1);
  marks.push({
    name: `Embedded store (PGlite) profile PATCH p99 at ${CONNECTIONS} connections, against PostgreSQL's in the same run`,
    value: `${litePatch.p99} ms vs ${pgPatch.p99} ms (${ratio.toFixed(2)}×)`,
    mark: '≤ 3× PostgreSQL',
    met: ratio <= 3,
  });
}
if (liteRead && pgRead) {
  const ratio = pgRead.rps / Math.max(liteRead.rps, 1);
  marks.push({
    name: `Embedded store (PGlite) profile reads at ${CONNECTIONS} connections, against PostgreSQL's throughput in the same run`,
    value: `${liteRead.rps.toFixed(0)} vs ${pgRead.rps.toFixed(0)} req/s (PostgreSQL ${ratio.toFixed(2)}× PGlite)`,
    mark: 'PostgreSQL ≤ 2× PGlite',
    met: ratio <= 2,
  });
}
for (const connections of [...new Set(rows.map((r) => r.connections))]) {
  const at = rows.filter((r) => r.connections === connections && r.route !== 'GET /api/health');
  const stores = [...new Set(at.map((r) => r.store))];
  const failures = at.reduce((sum, r) => sum + r.failures, 0);
  marks.push({
    name: `No errors at ${connections} connections (${stores.join(', ')}; profile read and PATCH)`,
    value: `${failures} failed requests`,
    mark: '0',
    met: failures === 0,
  });
}
console.log('\nMarks');
for (const m of marks) console.log(`  ${m.met ? 'met    ' : 'NOT MET'}  ${m.name}: ${m.value} (mark ${m.mark})`);

const report: BenchReport = {
  title: 'Services under load (profile read and PATCH)',
  measuredAt,
  command: 'npm run bench:api',
  tables: [
    {
      caption: `autocannon in the bench process against the app on 127.0.0.1, ${DURATION} s per route after a 1 s warm-up, one account per connection; load average ${load.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores at the start`,
      columns: ['Store', 'Connections', 'Route', 'req/s', 'p99 ms', 'req/s vs /api/health', 'Failures'],
      rows: rows.map((r) => [r.store, r.connections, r.route, Math.round(r.rps), r.p99, healthRatio(r), r.failures]),
    },
  ],
  marks,
};
const written = writeBenchJson(report);
if (written) console.log(`\nBENCH_JSON written to ${written}`);
