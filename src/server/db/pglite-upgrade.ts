import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

// PostgreSQL keeps no on-disk compatibility between major versions: PGlite 0.5 (PostgreSQL 18)
// cannot open a data folder PGlite 0.4 (PostgreSQL 17) wrote. The route PGlite documents is a dump
// and restore: the old PGlite opens the folder (installed beside the current one under the alias
// `pglite-04`), PGlite's pg_dump (`@electric-sql/pglite-tools`, PostgreSQL 18's, which reads older
// servers as PostgreSQL recommends for an upgrade) writes it out as SQL, and the current PGlite runs
// that SQL in a new folder. The old folder is never opened: the dump reads a copy of it, and the
// folder itself is kept, unchanged, under a dated name beside the new one.

/** The PostgreSQL major version the installed PGlite writes (`PG_VERSION` of a new folder). */
export const CURRENT_MAJOR = 18;
/** The one older version this release upgrades from: PGlite 0.4's. */
export const UPGRADABLE_MAJOR = 17;

/** A data folder that could not be upgraded; the folder is as it was. */
export class DataFolderUpgradeError extends Error {
  override name = 'DataFolderUpgradeError';
}

export interface DataFolderUpgrade {
  /** The upgraded folder (same place as before). */
  dataFolder: string;
  /** Where the folder as it was is kept. */
  backup: string;
  from: number;
  to: number;
  tables: number;
  rows: number;
  ms: number;
}

/** What a PGlite of either version offers here (their classes differ by version). */
interface Queryable {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}

/** The major version in the folder's PG_VERSION file; undefined when the folder holds no database yet. */
export async function dataFolderMajor(folder: string): Promise<number | undefined> {
  let text: string;
  try {
    text = await readFile(join(folder, 'PG_VERSION'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const major = Number(text.trim());
  if (!Number.isInteger(major) || major <= 0)
    throw new DataFolderUpgradeError(`${join(folder, 'PG_VERSION')} does not name a PostgreSQL version ("${text.trim().slice(0, 20)}")`);
  return major;
}

/** `2026-11-26T03-27-12Z`: sortable, and without the colons some file systems refuse. */
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** Rows of every table outside PostgreSQL's own schemas, by qualified name: compared before and after. */
async function rowCounts(pg: Queryable): Promise<Map<string, number>> {
  const tables = await pg.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' order by 1`,
  );
  const counts = new Map<string, number>();
  for (const { name } of tables.rows) {
    // The name comes from format('%I.%I'), which quotes it as an identifier.
    const { rows } = await pg.query<{ n: string }>(`select count(*)::text as n from ${name}`);
    counts.set(name, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

function sameCounts(before: Map<string, number>, after: Map<string, number>): string | undefined {
  for (const [table, rows] of before) {
    if (after.get(table) !== rows) return `table ${table} held ${rows} rows before and ${after.get(table) ?? 'none'} after the restore`;
  }
  const added = [...after.keys()].find((table) => !before.has(table));
  return added ? `table ${added} appeared in the restore` : undefined;
}

/** Opens the copy with PGlite 0.4 and dumps it as SQL (after counting its rows, which also reads every table). */
async function dumpOld(folder: string): Promise<{ sql: string; counts: Map<string, number> }> {
  const [{ PGlite: PGlite04 }, { pgDump }] = await Promise.all([import('pglite-04'), import('@electric-sql/pglite-tools/pg_dump')]);
  const old = await PGlite04.create(folder);
  try {
    const counts = await rowCounts(old);
    // pg_dump talks the wire protocol through query, exec and execProtocolRawStream, which PGlite
    // 0.4 has as 0.5 does; only the declared class differs.
    const file = await pgDump({ pg: old as unknown as Parameters<typeof pgDump>[0]['pg'] });
    return { sql: await file.text(), counts };
  } finally {
    await old.close();
  }
}

/** Runs the dump in a new folder with the installed PGlite and counts what arrived. */
async function restoreNew(folder: string, dump: string): Promise<Map<string, number>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const next = await PGlite.create(folder);
  try {
    await next.exec(dump);
    // The dump empties search_path for its own statements.
    await next.exec('reset all');
    return await rowCounts(next);
  } finally {
    await next.close();
  }
}

/** Scratch folders of an earlier attempt that was stopped half-way (the folder itself was never changed). */
async function removeLeftovers(parent: string, prefix: string): Promise<void> {
  for (const entry of await readdir(parent)) {
    if (entry.startsWith(prefix)) await rm(join(parent, entry), { recursive: true, force: true });
  }
}

/**
 * Moves a data folder written by PGlite 0.4 (PostgreSQL 17) to the installed PGlite's PostgreSQL:
 * dump from a copy, restore into a new folder, check every table's row count, then keep the
 * folder as it was under `<name>-pg17-backup-<UTC time>` and put the new one in its place. Does
 * nothing to a new or current folder. Anything that fails leaves the folder untouched and throws
 * DataFolderUpgradeError.
 */
export async function upgradeDataFolder(folder: string, now = new Date()): Promise<DataFolderUpgrade | undefined> {
  const major = await dataFolderMajor(folder);
  if (major === undefined || major === CURRENT_MAJOR) return undefined;
  const unchanged = `The folder is unchanged: the previous release (PGlite 0.4) still opens it.`;
  if (major !== UPGRADABLE_MAJOR) {
    throw new DataFolderUpgradeError(
      `The embedded database in ${folder} was written by PostgreSQL ${major}; this release opens PostgreSQL ${CURRENT_MAJOR} folders and upgrades PostgreSQL ${UPGRADABLE_MAJOR} (PGlite 0.4) ones only. The folder is unchanged.`,
    );
  }
  const started = performance.now();
  const parent = dirname(folder);
  const name = basename(folder);
  const backup = join(parent, `${name}-pg${major}-backup-${stamp(now)}`);
  if (existsSync(backup)) throw new DataFolderUpgradeError(`Cannot upgrade the embedded database in ${folder}: ${backup} exists already. ${unchanged}`);
  const scratchPrefix = `${name}-upgrading-`;
  await removeLeftovers(parent, scratchPrefix);
  const work = await mkdtemp(join(parent, scratchPrefix));
  // PGlite's runtime sets process.exitCode when it stops: the process's own code is kept.
  const exitCode = process.exitCode;
  let counts: Map<string, number>;
  try {
    const copy = join(work, `pg${major}`);
    const next = join(work, `pg${CURRENT_MAJOR}`);
    await cp(folder, copy, { recursive: true });
    const dumped = await dumpOld(copy);
    counts = dumped.counts;
    const difference = sameCounts(counts, await restoreNew(next, dumped.sql));
    if (difference) throw new Error(difference);
    await rename(folder, backup);
    try {
      await rename(next, folder);
    } catch (error) {
      await rename(backup, folder);
      throw error;
    }
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new DataFolderUpgradeError(
      `The embedded database in ${folder} was written by PGlite 0.4 (PostgreSQL ${major}) and could not be moved to PostgreSQL ${CURRENT_MAJOR}: ${cause}. ${unchanged}`,
      { cause: error },
    );
  } finally {
    process.exitCode = exitCode;
    await rm(work, { recursive: true, force: true });
  }
  const rows = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return { dataFolder: folder, backup, from: major, to: CURRENT_MAJOR, tables: counts.size, rows, ms: Math.round(performance.now() - started) };
}

/** The one line that says an upgrade happened. */
export const upgradeMessage = (upgrade: DataFolderUpgrade) =>
  `embedded database upgraded from PostgreSQL ${upgrade.from} (PGlite 0.4) to PostgreSQL ${upgrade.to}; the folder as it was is kept at ${upgrade.backup}`;
