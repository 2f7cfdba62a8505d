// npm run db:restore -- FILE --yes [--force]: puts a backup made by npm run db:backup back into the
// configured database (DATABASE_URL: PostgreSQL through pg_restore; otherwise the embedded store in
// DATA_DIR/db), replacing what is there. docs/operations.md says when and how.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { restoreEmbedded } from './lib/backup/embedded-backup';
import { restorePostgres } from './lib/backup/postgres-backup';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { yes: { type: 'boolean', default: false }, force: { type: 'boolean', default: false } },
});
const config = loadConfig();
const store = config.databaseUrl ? 'PostgreSQL' : 'embedded';
const target = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) || 'the database' : join(config.dataDir, 'db');

if (positionals.length !== 1) {
  console.error('Usage: npm run db:restore -- <backup file> --yes');
  process.exit(1);
}
const file = resolve(positionals[0]!);
if (!values.yes) {
  console.error(`This replaces the ${store} database (${target}) with ${file}. Run again with --yes to go ahead.`);
  process.exit(1);
}

try {
  const result = config.databaseUrl
    ? await restorePostgres(config.databaseUrl, file)
    : await restoreEmbedded(join(config.dataDir, 'db'), file, { force: values.force });
  const rows = Object.values(result.tables).reduce((n, c) => n + c, 0);
  console.info(`Restored the ${store} database (${target}) from ${file}: ${Object.keys(result.tables).length} tables, ${rows} rows, as the backup holds them`);
  if ('previous' in result && result.previous) console.info(`  the folder it replaced is kept as ${result.previous}`);
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
