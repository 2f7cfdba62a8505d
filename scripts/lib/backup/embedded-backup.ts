import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { backupKind, fileStamp } from './file-kinds';
import { type BackupManifest, countDifferences, readManifest, writeManifest } from './manifest';
import { rowCounts } from './row-counts';

// The embedded store (PGlite in DATA_DIR/db) through PGlite's own facilities: dumpDataDir writes
// the data folder as a gzipped tar, and a new PGlite given it as loadDataDir unpacks it. PGlite is
// one process's database with no lock of its own: a folder open in a running server must not be
// opened here too. While open, PGlite keeps postmaster.pid in the folder; a server that was killed
// leaves it behind, and only then is --force right.

const query = (db: PGlite) => async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;

function assertNotInUse(dbDir: string, force: boolean): void {
  if (!force && existsSync(join(dbDir, 'postmaster.pid'))) {
    throw new Error(
      `${dbDir} is open in a running server (postmaster.pid): stop the server first. ` + 'If no server runs on it (it was killed), --force opens it anyway.',
    );
  }
}

export async function backupEmbedded(dbDir: string, file: string, { force = false } = {}): Promise<BackupManifest> {
  if (!existsSync(join(dbDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dbDir}`);
  assertNotInUse(dbDir, force);
  const db = new PGlite(dbDir);
  try {
    await db.waitReady;
    const tables = await rowCounts(query(db));
    const serverVersion = String((await db.query<{ server_version: string }>('show server_version')).rows[0]?.server_version);
    const dump = await db.dumpDataDir('gzip');
    const partial = `${file}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    const manifest: BackupManifest = { store: 'embedded', createdAt: new Date().toISOString(), serverVersion, tables };
    writeManifest(file, manifest);
    return manifest;
  } finally {
    await db.close();
  }
}

/**
 * Unpacks the backup into a new folder beside DATA_DIR/db and opens it there (PostgreSQL recovers
 * and checks it); only when its tables match the backup's manifest does it take DATA_DIR/db's place.
 * The folder it replaces is kept as db.before-restore-<time>.
 */
export async function restoreEmbedded(dbDir: string, file: string, { force = false } = {}): Promise<{ tables: Record<string, number>; previous?: string }> {
  const kind = backupKind(file);
  if (kind !== 'tar-gzip' && kind !== 'tar') throw new Error(`${file} is not an embedded-store backup (PGlite's data folder as a tar)`);
  if (existsSync(dbDir)) assertNotInUse(dbDir, force);
  const stamp = fileStamp();
  const staging = `${dbDir}.restoring-${stamp}`;
  rmSync(staging, { recursive: true, force: true });
  const tarball = new File([readFileSync(file)], basename(file), { type: kind === 'tar-gzip' ? 'application/x-gzip' : 'application/x-tar' });
  let tables: Record<string, number>;
  try {
    const db = new PGlite(staging, { loadDataDir: tarball });
    try {
      await db.waitReady;
      tables = await rowCounts(query(db));
    } finally {
      await db.close().catch(() => {});
    }
    const manifest = readManifest(file);
    const differences = manifest ? countDifferences(manifest.tables, tables) : [];
    if (differences.length > 0) throw new Error(`The restored database differs from the backup's manifest:\n  ${differences.join('\n  ')}`);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    const manifest = readManifest(file);
    const hint = manifest
      ? ` (the backup was made by PostgreSQL ${manifest.serverVersion}; PGlite opens only data folders of its own PostgreSQL major version)`
      : '';
    throw new Error(`Restoring ${file} failed${hint}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  let previous: string | undefined;
  if (existsSync(dbDir)) {
    previous = `${dbDir}.before-restore-${stamp}`;
    renameSync(dbDir, previous);
  }
  renameSync(staging, dbDir);
  return { tables, previous };
}
