import { execFile } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresBinDir } from '../cluster/postgres';
import { backupKind } from './file-kinds';
import { type BackupManifest, countDifferences, readManifest, writeManifest } from './manifest';
import { rowCounts } from './row-counts';

// PostgreSQL (DATABASE_URL) through Debian's pg_dump and pg_restore, found where the packages
// install them (/usr/lib/postgresql/NN/bin), newest first: pg_dump must be at least as new as the
// server it reads.

const run = promisify(execFile);

/**
 * The URL for the programs' --dbname without its password, which travels in PGPASSWORD instead
 * (a command line can be read by every user of the machine).
 */
export function programConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

const query = (client: pg.Client) => async (sql: string) => (await client.query(sql)).rows as Array<Record<string, unknown>>;

/**
 * pg_dump's custom format of the whole database. Its rows are counted in the very snapshot pg_dump
 * reads (exported from a repeatable-read transaction held open meanwhile), so the manifest matches
 * the backup even while the services keep writing.
 */
export async function backupPostgres(databaseUrl: string, file: string): Promise<BackupManifest> {
  const pgDump = join(postgresBinDir('pg_dump'), 'pg_dump');
  const { dbname, env } = programConnection(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const partial = `${file}.partial`;
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = String((await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id);
    const tables = await rowCounts(query(client));
    const serverVersion = String((await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version);
    await run(pgDump, ['--format=custom', `--snapshot=${snapshot}`, `--file=${partial}`, `--dbname=${dbname}`], { env });
    await client.query('commit');
    renameSync(partial, file);
    const manifest: BackupManifest = { store: 'postgres', createdAt: new Date().toISOString(), serverVersion, tables };
    writeManifest(file, manifest);
    return manifest;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * pg_restore into DATABASE_URL in one transaction: every object in the backup is dropped and made
 * again from it (`--clean --if-exists`), so a failure changes nothing. Objects the backup does not
 * hold stay. Afterwards each table's rows are counted against the backup's manifest.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<{ tables: Record<string, number> }> {
  if (backupKind(file) !== 'pg-custom') throw new Error(`${file} is not a PostgreSQL backup (pg_dump's custom format)`);
  const pgRestore = join(postgresBinDir('pg_restore'), 'pg_restore');
  const { dbname, env } = programConnection(databaseUrl);
  await run(pgRestore, ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file], {
    env,
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await rowCounts(query(client));
    const manifest = readManifest(file);
    if (manifest) {
      const differences = countDifferences(manifest.tables, tables);
      if (differences.length > 0) throw new Error(`The restored database differs from the backup's manifest:\n  ${differences.join('\n  ')}`);
    }
    return { tables };
  } finally {
    await client.end().catch(() => {});
  }
}
