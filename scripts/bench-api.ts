// npm run bench:api: requests/s and p99 latency of profile read and profile patch at 100
// connections, on PGlite and on PostgreSQL, beside the trivial /api/health in the same run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { dropSchema, openDatabase } from '../src/server/db';
import { demoId } from '../src/server/seed/demo-data';
import { seedDemoData } from '../src/server/seed/demo';

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
  route: string;
  rps: number;
  p99: number;
  failures: number;
}

async function benchStore(store: 'pglite' | 'postgres'): Promise<Row[]> {
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
  for (let i = 0; i < CONNECTIONS; i++) {
    const accountId = `bench-${String(i).padStart(4, '0')}`;
    const profileId = `bench-profile-${i}`;
    const email = `bench${i}@example.com`;
    await database.db.insertInto('accounts').values({ id: accountId, email, password_hash: null, given_name: 'Bench', family_name: `User${i}`, locale: 'en', password_changed_at: null }).execute();
    await database.db.insertInto('profiles').values({ id: profileId, account_id: accountId, document: JSON.stringify({ ...template.document, email, ssoId: accountId }) }).execute();
    const token = await new SignJWT({ id: accountId })
      .setProtectedHeader({ alg: 'RS256', kid: 'bench', typ: 'at+jwt' })
      .setIssuer(config.issuer)
      .setAudience(config.apiAudience)
      .setSubject(accountId)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    users.push({ accountId, profileId, headers: { authorization: `Bearer ${token}`, [config.functionKeyHeader]: config.functionKey, 'content-type': 'application/json' } });
  }
  let next = 0;
  const perConnection = (request: (user: (typeof users)[number]) => Record<string, unknown>) => (client: { setRequests(r: Array<Record<string, unknown>>): void }) => {
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
      const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...run.options });
      rows.push({ store, route: run.route, rps: result.requests.average, p99: result.latency.p99, failures: result.non2xx + result.errors });
    }
  } finally {
    await app.close();
    if (schema) await dropSchema(database.db, schema);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const rows: Row[] = [];
rows.push(...(await benchStore('pglite')));
const pgProblem = await postgresReachable();
if (pgProblem) console.warn(`PostgreSQL skipped: ${POSTGRES_URL} unreachable (${pgProblem})`);
else rows.push(...(await benchStore('postgres')));

console.log(`\nbench:api — ${CONNECTIONS} connections, ${DURATION} s per route\n`);
console.log('store     route            req/s    p99 ms   vs health (req/s)   failures');
for (const row of rows) {
  const health = rows.find((r) => r.store === row.store && r.route === 'GET /api/health');
  const ratio = health && health.rps > 0 ? (row.rps / health.rps).toFixed(2) : '-';
  console.log(
    `${row.store.padEnd(9)} ${row.route.padEnd(16)} ${row.rps.toFixed(0).padStart(7)} ${String(row.p99).padStart(8)}   ${ratio.padStart(17)}   ${row.failures}`,
  );
}
