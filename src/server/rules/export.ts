import type { RuleFiles } from './rule-files';
import { applyChanges, editableFiles } from './rule-files';
import * as store from './store';

// `npm run rules:export` (scripts/rules-export.ts): the published version written back as schema
// files, for review in git. The next release folds them into the base; a fresh install then starts
// from the files. Each file is written as the files are kept: JSON with 2-space indents and a
// trailing newline.

export const schemaFileText = (schema: unknown): string => `${JSON.stringify(schema, null, 2)}\n`;

/** The files of the published version that differ from the base, with their new text. */
export async function publishedFiles(db: store.Db, base: RuleFiles): Promise<{ version: number; files: Array<{ path: string; text: string }> }> {
  const { version } = await store.published(db);
  if (version === 0) return { version, files: [] };
  const row = await store.findVersion(db, version);
  if (!row) throw new Error(`The published rules version ${version} is missing`);
  const resolved = applyChanges(base, row.changes);
  const files = editableFiles(resolved)
    .filter((path) => resolved.get(path) !== base.get(path) && schemaFileText(resolved.get(path)) !== schemaFileText(base.get(path)))
    .map((path) => ({ path, text: schemaFileText(resolved.get(path)) }));
  return { version, files };
}
