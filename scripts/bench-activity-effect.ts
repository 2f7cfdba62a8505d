// npm run bench:activity-effect: what a rules version did to learners (GET
// /api/admin/rules/versions/:number/effect, src/server/activity/effect.ts) with a year of daily
// form-activity counts for every form and every field (two message keys each), on the embedded
// store (PGlite on disk, as `npm start` runs it) and on PostgreSQL: the comparison of a version over
// windows of 90 days before and after its publish (the city's change, which reaches four forms),
// run 15 times after one warm-up; the median and the slowest. Mark: the median within 200 ms on
// each store. With BENCH_JSON set, writes the figures there too (scripts/lib/bench-report.ts).
// Asserts nothing.
//
// Options (environment): BENCH_DATABASE_URL or DATABASE_URL (PostgreSQL).
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
import { seedDemoData } from '../src/server/seed/demo';
import { OWNER_ID } from '../src/server/seed/demo-data';
import { createServices } from '../src/server/services';
import { type BenchMark, type BenchReport, writeBenchJson } from './lib/bench-report';

const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DAYS = 365;
const WINDOW_DAYS = 90;
const RUNS = 15;
const MARK_MS = 200;
const DAY_MS = 86_400_000;

interface Row {
  store: string;
  rows: number;
  seedMs: number;
  medianMs: number;
  slowestMs: number;
}

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

/** A year of counts: per day and form, opened, submitted, abandoned; per field, two keys rejected. */
async function seedCounts(database: Database, forms: Array<{ form: string; fields: string[] }>, now: number): Promise<number> {
  let batch: Array<{ day: string; event: string; form: string; field: string; message_key: string; modal: string; count: number }> = [];
  let total = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await database.db.insertInto('form_activity_daily').values(batch).execute();
    total += batch.length;
    batch = [];
  };
  for (let d = 0; d < DAYS; d++) {
    const day = new Date(now - d * DAY_MS).toISOString().slice(0, 10);
    for (const { form, fields } of forms) {
      batch.push({ day, event: 'form-opened', form, field: '', message_key: '', modal: '', count: 100 + (d % 7) });
      batch.push({ day, event: 'submit-attempted', form, field: '', message_key: '', modal: '', count: 80 + (d % 5) });
      batch.push({ day, event: 'form-abandoned', form, field: '', message_key: '', modal: '', count: 10 + (d % 3) });
      for (const field of fields) {
        batch.push({ day, event: 'field-rejected', form, field, message_key: 'Validation.Required', modal: '', count: 1 + (d % 4) });
        batch.push({ day, event: 'field-rejected', form, field, message_key: 'Validation.InvalidValue', modal: '', count: d % 3 });
      }
      if (batch.length >= 1000) await flush();
    }
  }
  await flush();
  return total;
}

async function benchStore(store: 'pglite' | 'postgres'): Promise<Row> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-effect-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(store === 'postgres' ? { DATABASE_URL: POSTGRES_URL } : {}) });
  const schema = store === 'postgres' ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase(config, schema ? { schema } : {});
  const services = createServices({
    config,
    db: database.db,
    dialect: database.dialect,
    schemas: new SchemaRegistry(config.schemasDir),
    mailer: createMailer({ from: config.mailFrom, db: database.db }),
  });
  try {
    await seedDemoData(database.db);
    await services.rules.start();
    const now = Date.now();
    const forms = services.rules.forms().forms.map((f) => ({ form: f.form, fields: f.fields.map((field) => field.path) }));
    const started = performance.now();
    const rows = await seedCounts(database, forms, now);
    await sql`analyze form_activity_daily`.execute(database.db);
    const seedMs = Math.round(performance.now() - started);
    console.log(
      `${store}: ${rows} daily counts (${DAYS} days, ${forms.length} forms, ${forms.reduce((n, f) => n + f.fields.length, 0)} fields) in ${seedMs} ms`,
    );
    const owner = { accountId: OWNER_ID, claims: {}, roles: ['product-owner' as const] };
    const draft = await services.rules.createDraft(owner, {
      reason: 'benchmark',
      changes: [{ file: 'defs/address.schema.json', op: 'replace', path: '/properties/city/maxLength', value: 20 }],
    });
    const version = await services.rules.publishDraft(owner, draft.id);
    await database.db
      .updateTable('rules_versions')
      .set({ published_at: new Date(now - 180 * DAY_MS) })
      .where('number', '=', version.number)
      .execute();
    const times: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const effect = await services.formActivity.effect(version.number, WINDOW_DAYS);
      const ms = performance.now() - t0;
      if (i === 0) console.log(`${store}: windows of ${effect.days} days, ${effect.forms.length} forms, warm-up ${ms.toFixed(1)} ms`);
      else times.push(ms);
    }
    times.sort((a, b) => a - b);
    const medianMs = Math.round(times[Math.floor(times.length / 2)]! * 10) / 10;
    const slowestMs = Math.round(times.at(-1)! * 10) / 10;
    console.log(`${store}: the comparison over 90 days: median ${medianMs} ms, slowest ${slowestMs} ms (${RUNS} runs)`);
    return { store, rows, seedMs, medianMs, slowestMs };
  } finally {
    await services.rules.stop();
    if (schema) await dropSchema(database.db, schema).catch(() => undefined);
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Row[] = [await benchStore('pglite')];
const unreachable = await postgresReachable();
if (unreachable) console.log(`PostgreSQL at ${POSTGRES_URL} was not reachable (${unreachable}): skipped.`);
else results.push(await benchStore('postgres'));

const marks: BenchMark[] = results.map((r) => ({
  name: `A version's effect over 90 days, ${r.store === 'pglite' ? 'embedded store' : 'PostgreSQL'} (median)`,
  value: `${r.medianMs} ms`,
  mark: `≤ ${MARK_MS} ms`,
  met: r.medianMs <= MARK_MS,
}));
for (const m of marks) console.log(`${m.met ? 'met' : 'NOT met'}: ${m.name}: ${m.value} (${m.mark})`);
const report: BenchReport = {
  title: "A version's effect on learners",
  measuredAt: new Date().toISOString(),
  command: 'npm run bench:activity-effect',
  tables: [
    {
      caption: `A year of daily counts for every form and field; the comparison of a version over windows of 90 days, ${RUNS} runs (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)})`,
      columns: ['Store', 'Daily counts', 'Seeded in (ms)', 'Median (ms)', 'Slowest (ms)'],
      rows: results.map((r) => [r.store === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL', r.rows, r.seedMs, r.medianMs, r.slowestMs]),
    },
  ],
  marks,
};
writeBenchJson(report);
process.exit(0);
