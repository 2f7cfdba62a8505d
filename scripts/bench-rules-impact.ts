// npm run bench:rules-impact: the rules console's impact check (how many stored profiles a draft
// would newly reject) over 100,000 stored profiles, on PostgreSQL and on the embedded store (PGlite on
// disk, as `npm start` runs it), for three drafts: the city at most 20 characters (reaches the
// profile, exam and demographics forms; one profile in twenty holds a longer city), the company
// required on the profile form (one in ten has none), and the worst case, a message of the whole
// profile form changed (every field checked, whole documents read). Prints the figures and the marks
// (each within 10 s); with BENCH_JSON set, writes them there too (scripts/lib/bench-report.ts).
// Asserts nothing.
//
// Options (environment): BENCH_PROFILES (100000), BENCH_DATABASE_URL or DATABASE_URL (PostgreSQL).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/server/config';
import { dropSchema, openDatabase, type Database } from '../src/server/db';
import { SchemaRegistry } from '../src/server/http/schema-registry';
import { createMailer } from '../src/server/mail/mailer';
import { demoAccounts, OWNER_ID } from '../src/server/seed/demo-data';
import type { RuleChange } from '../src/server/rules/rule-files';
import { createServices } from '../src/server/services';
import { type BenchMark, type BenchReport, writeBenchJson } from './lib/bench-report';

const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MARK_MS = 10_000;
const INSERT_ROWS = 500;
const LONG_CITY = 'Rancho Santa Margarita';

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

/** A stored profile like the demo learner's, varied by n; every twentieth has a city longer than 20. */
function profileDocument(n: number, template: Record<string, unknown>): string {
  const document = structuredClone(template) as Record<string, unknown> & { addresses: Array<Record<string, unknown>>; givenName: Record<string, unknown> };
  document.email = `bench.${n}@example.com`;
  document.givenName = { ...document.givenName, firstName: `Robin${n % 1000}` };
  document.addresses = document.addresses.map((a, i) => (i === 0 ? { ...a, city: n % 20 === 0 ? LONG_CITY : `City ${n % 997}` } : a));
  if (n % 10 === 3) delete document.company;
  return JSON.stringify(document);
}

async function seed(database: Database): Promise<number> {
  const started = performance.now();
  const template = demoAccounts[0]!.profile as Record<string, unknown>;
  for (let from = 0; from < PROFILES; from += INSERT_ROWS) {
    const ids = Array.from({ length: Math.min(INSERT_ROWS, PROFILES - from) }, (_, i) => from + i);
    const accountId = (n: number) => `bench-${String(n).padStart(8, '0')}`;
    await database.db
      .insertInto('accounts')
      .values(ids.map((n) => ({ id: accountId(n), email: `bench.${n}@example.com`, password_hash: null })))
      .execute();
    await database.db
      .insertInto('profiles')
      .values(ids.map((n) => ({ id: `p-${accountId(n)}`, account_id: accountId(n), document: profileDocument(n, template) })))
      .execute();
  }
  return Math.round(performance.now() - started);
}

interface Row {
  store: string;
  draft: string;
  profiles: number;
  seedMs: number;
  checked: number;
  read: string;
  failing: string;
  ms: number;
}

const DRAFTS: Array<{ name: string; changes: RuleChange[] }> = [
  { name: 'city at most 20', changes: [{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20 }] },
  { name: 'company required', changes: [{ file: 'forms/profile.schema.json', op: 'add', path: '/required/-', value: 'company' }] },
  {
    name: 'a message of the whole form (worst case)',
    changes: [{ file: 'forms/profile.schema.json', op: 'replace', path: '/errorMessage/type', value: 'Validation.FormInvalid' }],
  },
];

async function benchStore(store: 'pglite' | 'postgres'): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-rules-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(store === 'postgres' ? { DATABASE_URL: POSTGRES_URL } : {}) });
  const schema = store === 'postgres' ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase(config, schema ? { schema } : {});
  try {
    console.log(`${store}: seeding ${PROFILES} profiles...`);
    const seedMs = await seed(database);
    await sql`analyze profiles`.execute(database.db);
    console.log(`${store}: seeded in ${seedMs} ms`);
    const services = createServices({
      config,
      db: database.db,
      dialect: database.dialect,
      schemas: new SchemaRegistry(config.schemasDir),
      mailer: createMailer({ from: config.mailFrom, db: database.db }),
    });
    await services.rules.start();
    const rows: Row[] = [];
    try {
      const owner = { accountId: OWNER_ID, claims: {}, roles: ['product-owner' as const] };
      for (const { name, changes } of DRAFTS) {
        const draft = await services.rules.createDraft(owner, { reason: `benchmark: ${name}`, changes });
        const started = performance.now();
        const report = await services.rules.impact(draft.id);
        const ms = Math.round(performance.now() - started);
        const failing = report.forms.map((f) => `${f.form} ${f.profiles}`).join(', ');
        const read = report.readFields ? report.readFields.join(', ') : 'whole documents';
        console.log(`${store}, ${name}: ${report.checked} profiles checked in ${ms} ms (read: ${read}; newly failing: ${failing})`);
        rows.push({ store, draft: name, profiles: PROFILES, seedMs, checked: report.checked, read, failing, ms });
      }
      return rows;
    } finally {
      await services.rules.stop();
    }
  } finally {
    if (schema) await dropSchema(database.db, schema).catch(() => undefined);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
const skipped: string[] = [];
rows.push(...(await benchStore('pglite')));
const unreachable = await postgresReachable();
if (unreachable) skipped.push(`PostgreSQL at ${POSTGRES_URL} was not reachable (${unreachable}).`);
else rows.push(...(await benchStore('postgres')));

const marks: BenchMark[] = rows.map((row) => ({
  name: `impact check of ${row.profiles.toLocaleString('en')} stored profiles, ${row.draft}, ${row.store}`,
  value: `${(row.ms / 1000).toFixed(1)} s`,
  mark: `at most ${MARK_MS / 1000} s`,
  met: row.ms <= MARK_MS && row.checked >= row.profiles,
}));
const report: BenchReport = {
  title: 'Rules console: impact of a draft on stored profiles',
  measuredAt: new Date().toISOString(),
  command: 'npm run bench:rules-impact',
  tables: [
    {
      caption: `Each draft checked over every stored profile (keyset batches of 2,000, only the fields the draft's rules read, read while the rules thread checks the previous batch; ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})${skipped.length ? `. ${skipped.join(' ')}` : ''}`,
      columns: ['store', 'draft', 'stored profiles', 'seeding (ms)', 'checked', 'fields read', 'newly failing per form', 'check (ms)'],
      rows: rows.map((r) => [r.store, r.draft, r.profiles, r.seedMs, r.checked, r.read, r.failing, r.ms]),
    },
  ],
  marks,
};
for (const mark of marks) console.log(`${mark.met ? 'met ' : 'MISS'}  ${mark.name}: ${mark.value} (${mark.mark})`);
const written = writeBenchJson(report);
if (written) console.log(`report written to ${written}`);
