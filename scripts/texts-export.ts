// npm run texts:export: writes the published texts version (localisation staff's changes, published
// in the admin area) back into locales/, for review in git: each changed namespace file as the files
// are kept (2-space indents, a trailing newline, the English key order). Run it with the services'
// own settings: DATABASE_URL, or DATA_DIR for the embedded database (stop the server first: the
// embedded database is opened by one process at a time). LOCALES_DIR names another locales folder;
// `--dry-run` lists the files without writing them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db';
import { publishedLocaleFiles } from '../src/server/texts/export';
import { localesDir as projectLocales } from './lib/paths';

const config = loadConfig();
const dryRun = process.argv.includes('--dry-run');
const localesDir = process.env.LOCALES_DIR ?? projectLocales;
const database = await openDatabase(config);
try {
  const { version, files } = await publishedLocaleFiles(database.db, localesDir);
  if (version === 0) console.info('texts:export: the files are published (version 0); nothing to write.');
  else if (files.length === 0) console.info(`texts:export: version ${version} has the files' texts; nothing to write.`);
  for (const file of files) {
    if (!dryRun) writeFileSync(join(localesDir, file.path), file.text);
    console.info(`${dryRun ? 'would write' : 'wrote'} locales/${file.path} (version ${version})`);
  }
} finally {
  await database.close();
}
