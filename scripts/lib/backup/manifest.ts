import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** What a backup holds, written beside it as `<backup>.json`: restore checks the restored tables against it. */
export interface BackupManifest {
  store: 'postgres' | 'embedded';
  createdAt: string;
  /** The PostgreSQL version of the database backed up (the embedded store's is PGlite's). */
  serverVersion: string;
  /** Rows per table (`schema.table`), counted in the same snapshot as the backup. */
  tables: Record<string, number>;
}

export const manifestPath = (backupFile: string): string => `${backupFile}.json`;

export function writeManifest(backupFile: string, manifest: BackupManifest): void {
  writeFileSync(manifestPath(backupFile), `${JSON.stringify(manifest, null, 2)}\n`);
}

export function readManifest(backupFile: string): BackupManifest | undefined {
  const path = manifestPath(backupFile);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BackupManifest) : undefined;
}

/** The tables whose row counts differ between two countings, as readable lines. */
export function countDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return names.filter((n) => expected[n] !== found[n]).map((n) => `${n}: ${expected[n] ?? 'absent'} in the backup, ${found[n] ?? 'absent'} restored`);
}
