import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { sql } from 'kysely';
import { freePort } from '../../../scripts/lib/cluster/ports';
import { rootDir } from '../../../scripts/lib/paths';
import { openDatabase } from '../../../src/server/db';
import { findProfileByIdOrAccount } from '../../../src/server/identity/store';
import { demoAccounts } from '../../../src/server/seed/demo-data';
import { isSeeded, profileIdOf } from '../../../src/server/seed/demo';
import { writePglite04Folder } from './pglite-04-folder';

// A DATA_DIR the previous release (PGlite 0.4, PostgreSQL 17) left, with the demo data in it: the
// server moves it to PostgreSQL 18 at start, keeps the folder as it was beside the new one, and
// says so in one log line. A folder that cannot be moved stops the server, unchanged.

const learnerProfileId = profileIdOf(demoAccounts[0]!.id);
let fixture: string;
let accountsFile: string;
let learnerBefore: unknown;
const scratch: string[] = [];

/** Every file of a folder with a hash of its bytes: equal listings mean the folder was not touched. */
async function listing(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(folder, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return files;
}

async function dataDirFromFixture(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pglite-upgrade-'));
  scratch.push(dataDir);
  await cp(fixture, join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** The server from source (as `npm run serve` runs it), until it stops or is stopped. */
function startServer(dataDir: string, port: number) {
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    IDP_PORT: '0',
    SANDBOX: 'false',
    SEED_ON_START: 'false',
    LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', join(rootDir, 'src/server/main.ts')], { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const output = () => ({ stdout, stderr });
  const until = (text: string, ms: number) =>
    new Promise<void>((resolve, reject) => {
      const started = Date.now();
      const check = () => {
        if (stdout.includes(text)) resolve();
        else if (child.exitCode !== null || Date.now() - started > ms) reject(new Error(`no "${text}" (exit ${child.exitCode}):\n${stdout}\n${stderr}`));
        else setTimeout(check, 100);
      };
      check();
    });
  return { child, exited, output, until };
}

beforeAll(async () => {
  fixture = join(await mkdtemp(join(tmpdir(), 'pglite-04-')), 'db');
  scratch.push(fixture);
  const read = await writePglite04Folder(fixture, {
    seed: true,
    read: async (db) => ({
      learner: await findProfileByIdOrAccount(db, learnerProfileId),
      file: (await sql<{ path: string }>`select pg_relation_filepath('accounts') as path`.execute(db)).rows[0]?.path,
    }),
  });
  learnerBefore = read?.learner;
  accountsFile = read?.file ?? '';
}, 120_000);

afterAll(async () => {
  for (const folder of scratch) await rm(folder, { recursive: true, force: true });
});

describe('starting on a data folder of PGlite 0.4', () => {
  it('moves the demo data to PostgreSQL 18, keeps the old folder as it was, and says so in one line', async () => {
    const dataDir = await dataDirFromFixture();
    expect((await readFile(join(dataDir, 'db', 'PG_VERSION'), 'utf8')).trim()).toBe('17');
    const before = await listing(join(dataDir, 'db'));
    const port = await freePort();

    const server = startServer(dataDir, port);
    await server.until('"msg":"ready"', 90_000);
    expect((await fetch(`http://localhost:${port}/api/ready`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const { stdout, stderr } = server.output();
    const said = stdout.split('\n').filter((line) => /upgrad/i.test(line));
    expect(said).toHaveLength(1);
    const line = JSON.parse(said[0]!) as { msg: string; backup: string; from: number; to: number; tables: number; rows: number };
    expect(line).toMatchObject({ from: 17, to: 18, backup: expect.stringMatching(/[/\\]db-pg17-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/) });
    expect(line.msg).toBe(`embedded database upgraded from PostgreSQL 17 (PGlite 0.4) to PostgreSQL 18; the folder as it was is kept at ${line.backup}`);
    expect(line.rows).toBeGreaterThan(demoAccounts.length);
    expect(stderr).not.toMatch(/upgrad/i);

    // The backup is the folder exactly as the previous release left it; no scratch folder remains.
    expect(await listing(line.backup)).toEqual(before);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('db'))).toEqual(['db', basename(line.backup)].sort());
    expect((await readFile(join(dataDir, 'db', 'PG_VERSION'), 'utf8')).trim()).toBe('18');

    // The demo data is there, as it was; a second start finds nothing to upgrade.
    const logged: string[] = [];
    const database = await openDatabase({ databaseUrl: undefined, dataDir }, { log: { info: (_fields, message) => logged.push(message) } });
    try {
      expect(await isSeeded(database.db)).toBe(true);
      const accounts = await database.db
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(accounts.n)).toBe(demoAccounts.length);
      expect(await findProfileByIdOrAccount(database.db, learnerProfileId)).toEqual(learnerBefore);
      expect(learnerBefore).toMatchObject({ id: learnerProfileId });
    } finally {
      await database.close();
    }
    expect(logged).toEqual([]);
  }, 180_000);

  it('stops with one line and leaves the folder untouched when the data cannot be read', async () => {
    const dataDir = await dataDirFromFixture();
    // A table's file overwritten: PostgreSQL 17 itself refuses to read that table.
    expect(accountsFile).toMatch(/^base\/\d+\/\d+$/);
    await writeFile(join(dataDir, 'db', accountsFile), Buffer.alloc(8192, 0x55));
    const before = await listing(join(dataDir, 'db'));

    const server = startServer(dataDir, await freePort());
    expect(await server.exited).toBe(1);
    const { stdout, stderr } = server.output();
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^The embedded database in .*[/\\]db was written by PGlite 0\.4 \(PostgreSQL 17\) and could not be moved to PostgreSQL 18: .*invalid page.*\. The folder is unchanged/,
      ),
    ]);
    expect(stdout).not.toContain('"msg":"ready"');
    expect(await listing(join(dataDir, 'db'))).toEqual(before);
    expect(await readdir(dataDir)).toEqual(['db']);
  }, 120_000);
});
