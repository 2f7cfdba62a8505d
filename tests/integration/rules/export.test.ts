import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db';
import { readSchemaFiles } from '../../../src/server/http/schema-registry';
import { publishedFiles, schemaFileText } from '../../../src/server/rules/export';
import { applyChanges, changesBetween, rulesHash } from '../../../src/server/rules/rule-files';
import * as store from '../../../src/server/rules/store';
import { CITY_MAX, owner } from './support';

// npm run rules:export writes the published version back as schema files, formatted as the files are.

const root = join(import.meta.dirname, '../../..');
const base = new Map(readSchemaFiles(join(root, 'schemas')).map((f) => [f.file, f.schema]));

it('writes every schema file back as it is kept (2-space indents, a trailing newline)', async () => {
  for (const [path, schema] of base) expect(schemaFileText(schema), path).toBe(await readFile(join(root, 'schemas', path), 'utf8'));
});

it('writes the published version into schemas/ (npm run rules:export, embedded database)', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'rules-export-'));
  const schemasDir = join(dataDir, 'schemas');
  await cp(join(root, 'schemas'), schemasDir, { recursive: true });
  const env = { DATA_DIR: dataDir, SCHEMAS_DIR: schemasDir, LOG_LEVEL: 'silent' };
  try {
    const database = await openDatabase(loadConfig(env));
    const resolved = applyChanges(base, [{ ...CITY_MAX, value: 20 }]);
    try {
      expect(await publishedFiles(database.db, base)).toEqual({ version: 0, files: [] });
      await store.publishVersion(database.db, {
        action: 'publish',
        notify: false,
        guard: async () => undefined,
        version: () => ({
          changes: changesBetween(base, resolved),
          reason: 'city at most 20',
          authorId: owner.accountId,
          createdAt: new Date(),
          approvedBy: null,
          approvedAt: null,
          publishedBy: owner.accountId,
          republishedFrom: null,
          hash: rulesHash(resolved),
        }),
      });
    } finally {
      await database.close();
    }
    const run = await promisify(execFile)('npx', ['tsx', 'scripts/rules-export.ts'], { cwd: root, env: { ...process.env, ...env } });
    expect(run.stdout).toContain('wrote schemas/defs/address.schema.json (version 1)');
    const written = await readFile(join(schemasDir, 'defs/address.schema.json'), 'utf8');
    expect(written).toBe(schemaFileText(resolved.get('defs/address.schema.json')));
    expect(JSON.parse(written).properties.city.maxLength).toBe(20);
    // Only the changed file is written.
    expect(await readFile(join(schemasDir, 'defs/phone.schema.json'), 'utf8')).toBe(await readFile(join(root, 'schemas/defs/phone.schema.json'), 'utf8'));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);
