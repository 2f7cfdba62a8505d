import { closeSync, openSync, readSync } from 'node:fs';

/** What a backup file is, by its first bytes: pg_dump's custom format or PGlite's (gzipped) tar. */
export type BackupKind = 'pg-custom' | 'tar-gzip' | 'tar' | 'unknown';

export function backupKind(file: string): BackupKind {
  const head = Buffer.alloc(262);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg-custom';
  if (read >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'tar-gzip';
  if (read >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'tar';
  return 'unknown';
}

/** A UTC time stamp safe in file names: 2026-11-26T03-45-00Z. */
export const fileStamp = (date = new Date()): string =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
