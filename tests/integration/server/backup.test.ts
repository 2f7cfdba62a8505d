import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { rootDir } from '../../../scripts/lib/paths';
import { loadConfig } from '../../../src/server/config';
import { openDatabase, type DB } from '../../../src/server/db';
import { seedDemoData } from '../../../src/server/seed/demo';
import { learner, POSTGRES_URL, postgresReachable } from './harness';

// npm run db:backup and npm run db:restore on both stores: back up the demo data, change it,
// restore, and find every row of every table exactly as it was when the backup was made.

interface Store {
  env: Record<string, string>;
  dataDir: string;
  cleanup(): Promise<void>;
}

function npmScript(script: 'db-backup' | 'db-restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _inherited, ...base } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', `${script}.ts`), ...args], {
      cwd: rootDir,
      env: { ...base, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function withDatabase<T>(store: Store, use: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const database = await openDatabase(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: store.dataDir, ...store.env }));
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

/** Every row of every table, as JSON text, sorted: two snapshots are equal when the data is. */
async function snapshot(store: Store): Promise<Record<string, string[]>> {
  return withDatabase(store, async (db) => {
    const tables = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`.execute(db);
    const out: Record<string, string[]> = {};
    for (const { schema, name } of tables.rows) {
      const rows = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(`${schema}.${name}`)} t`.execute(db);
      out[`${schema}.${name}`] = rows.rows.map((r) => r.row).sort();
    }
    return out;
  });
}

/** What a learner and an operator might change after the backup: a profile, a key, an announcement, a new account. */
async function change(store: Store): Promise<void> {
  await withDatabase(store, async (db) => {
    await sql`update profiles set document = jsonb_set(document, '{company}', '"Changed After The Backup"'), version = version + 1 where id = ${learner.profileId}`.execute(
      db,
    );
    await sql`update access_keys set uses = uses + 1 where access_key = 'DEMO-SUCCESS-0000'`.execute(db);
    await sql`delete from announcements where id = (select min(id) from announcements)`.execute(db);
  });
}

async function embeddedStore(): Promise<Store> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backup-embedded-'));
  return { env: {}, dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
}

async function postgresStore(): Promise<Store> {
  const dataDir = await mkdtemp(join(tmpdir(), 'backup-postgres-'));
  const name = `backup_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.href },
    dataDir,
    async cleanup() {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['the embedded store', embeddedStore],
  ['PostgreSQL', postgresStore],
] as const)('%s', (label, make) => {
  let store: Store | undefined;
  let skip = false;
  beforeAll(async () => {
    if (label === 'PostgreSQL' && !(await postgresReachable())) {
      skip = true;
      return;
    }
    store = await make();
    await withDatabase(store, (db) => seedDemoData(db));
  });
  afterAll(async () => store?.cleanup());
  beforeEach((ctx) => {
    if (skip) ctx.skip();
  });

  it('backs up the demo data, and a restore brings back exactly that after changes', async () => {
    const s = store!;
    const file = join(s.dataDir, 'backups', label === 'PostgreSQL' ? 'demo.pgdump' : 'demo.tar.gz');
    const atBackup = await snapshot(s);
    expect(Object.keys(atBackup).length).toBeGreaterThan(10);
    expect(atBackup['public.accounts']!.length).toBeGreaterThan(10);

    const backup = await npmScript('db-backup', ['--out', file], { DATA_DIR: s.dataDir, ...s.env });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up the .* database/);
    expect(existsSync(file) && existsSync(`${file}.json`)).toBe(true);

    await change(s);
    const changed = await snapshot(s);
    expect(changed).not.toEqual(atBackup);

    // Without --yes nothing happens.
    const refused = await npmScript('db-restore', [file], { DATA_DIR: s.dataDir, ...s.env });
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/--yes/);
    expect(await snapshot(s)).toEqual(changed);

    const restore = await npmScript('db-restore', [file, '--yes'], { DATA_DIR: s.dataDir, ...s.env });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toMatch(/as the backup holds them/);
    expect(await snapshot(s)).toEqual(atBackup);
    console.info(`${label}: ${backup.output.trim().split('\n')[0]}; ${restore.output.trim().split('\n')[0]}`);
  }, 180_000);

  it('refuses a backup of the other store', async () => {
    const s = store!;
    const other = join(s.dataDir, 'other');
    const wrong = label === 'PostgreSQL' ? other + '.tar.gz' : other + '.pgdump';
    await writeFile(wrong, label === 'PostgreSQL' ? Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0]) : Buffer.from('PGDMP\u0001\u000e'));
    const restore = await npmScript('db-restore', [wrong, '--yes'], { DATA_DIR: s.dataDir, ...s.env });
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(label === 'PostgreSQL' ? /is not a PostgreSQL backup/ : /is not an embedded-store backup/);
  }, 60_000);
});

it('does not open the embedded store while a server has it open', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'backup-busy-'));
  const database = await openDatabase(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }));
  try {
    const backup = await npmScript('db-backup', ['--out', join(dataDir, 'busy.tar.gz')], { DATA_DIR: dataDir });
    expect(backup.code).toBe(1);
    expect(backup.output).toMatch(/stop the server first/);
    expect(await readdir(dataDir)).not.toContain('busy.tar.gz');
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);
