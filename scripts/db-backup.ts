// npm run db:backup [-- --out FILE] [--force]: a backup of the configured database (DATABASE_URL:
// PostgreSQL through pg_dump; otherwise the embedded store in DATA_DIR/db through PGlite's dump),
// with FILE.json beside it (what it holds). docs/operations.md says when and how.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { backupEmbedded } from './lib/backup/embedded-backup';
import { fileStamp } from './lib/backup/file-kinds';
import { backupPostgres } from './lib/backup/postgres-backup';

const { values } = parseArgs({ options: { out: { type: 'string' }, force: { type: 'boolean', default: false } } });
const config = loadConfig();
const store = config.databaseUrl ? 'postgres' : 'embedded';
const file = resolve(values.out ?? join(config.dataDir, 'backups', `${store}-${fileStamp()}.${store === 'postgres' ? 'pgdump' : 'tar.gz'}`));
mkdirSync(dirname(file), { recursive: true });

try {
  const manifest = config.databaseUrl
    ? await backupPostgres(config.databaseUrl, file)
    : await backupEmbedded(join(config.dataDir, 'db'), file, { force: values.force });
  const rows = Object.values(manifest.tables).reduce((n, c) => n + c, 0);
  console.info(
    `Backed up the ${store === 'postgres' ? 'PostgreSQL' : 'embedded'} database (PostgreSQL ${manifest.serverVersion}): ${Object.keys(manifest.tables).length} tables, ${rows} rows`,
  );
  console.info(`  ${file} (${Math.ceil(statSync(file).size / 1024)} KB) and ${file}.json`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
