// npm run rules:export: writes the published rules version (the product owners' changes, published
// in the admin area) back into schemas/, for review in git: each changed file as the files are kept
// (2-space indents, a trailing newline). Run it with the services' own settings: DATABASE_URL, or
// DATA_DIR for the embedded database (stop the server first: the embedded database is opened by one
// process at a time). `--dry-run` lists the files without writing them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { readSchemaFiles } from '../src/server/http/schema-registry';
import { publishedFiles } from '../src/server/rules/export';

const config = loadConfig();
const dryRun = process.argv.includes('--dry-run');
const base = new Map(readSchemaFiles(config.schemasDir).map((f) => [f.file, f.schema]));
const database = await openDatabase(config);
try {
  const { version, files } = await publishedFiles(database.db, base);
  if (version === 0) console.info('rules:export: the base is published (version 0); nothing to write.');
  else if (files.length === 0) console.info(`rules:export: version ${version} has the base's rules; nothing to write.`);
  for (const file of files) {
    if (!dryRun) writeFileSync(join(config.schemasDir, file.path), file.text);
    console.info(`${dryRun ? 'would write' : 'wrote'} schemas/${file.path} (version ${version})`);
  }
} finally {
  await database.close();
}
