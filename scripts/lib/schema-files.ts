import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { schemasDir } from './paths';
import type { JsonSchema, SchemaFile } from '../../src/shared/schemas/schema-types';

export { FORM_NAMES as formNames, type FormName } from '../../src/shared/schemas/form-names';

export type { JsonSchema, SchemaFile } from '../../src/shared/schemas/schema-types';

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return listJson(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/** Every JSON Schema file under a schemas directory (ui/ holds uiSchemas, api/ belongs to the services). */
export function loadSchemaFiles(dir = schemasDir, folders = ['defs', 'forms']): SchemaFile[] {
  return folders.flatMap((folder) =>
    listJson(join(dir, folder))
      .sort()
      .map((file) => ({ path: relative(dir, file), schema: JSON.parse(readFileSync(file, 'utf8')) as JsonSchema })),
  );
}

export const formSchemaId = (form: string): string => `forms/${form}.schema.json`;
