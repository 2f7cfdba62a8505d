import { compile } from 'json-schema-to-typescript';
import { hoistConditionalProperties } from './types';
import type { SchemaFile } from './schema-files';

const HEADER = '/* Generated from schemas/api/ by scripts/generate.ts. Do not edit. */\n';

/** `api/redeem-request.schema.json` -> `redeem-request`. */
export const apiSchemaName = (path: string): string => (path.split('/').pop() ?? path).replace(/\.schema\.json$/, '');

const pascal = (name: string): string => name.replace(/(^|-)([a-z0-9])/g, (_m, _dash: string, c: string) => c.toUpperCase());
/** `redeem-request` -> `ApiRedeemRequest`: the prefix keeps `error` from shadowing the global Error. */
const typeName = (name: string): string => `Api${pascal(name)}`;

/**
 * src/generated/api-types.ts: one TypeScript type per request and response schema of the services,
 * and `ApiSchemas`, the map from schema name to type that the services' type provider reads, so a
 * route's body and answer types come from the very files that validate them.
 */
export async function apiTypesModule(files: SchemaFile[]): Promise<string> {
  const parts: string[] = [];
  const names: string[] = [];
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path))) {
    const name = apiSchemaName(file.path);
    const shape = hoistConditionalProperties(file.schema);
    delete shape.$id;
    delete shape.$schema;
    const source = await compile({ ...shape, title: typeName(name) } as never, typeName(name), {
      bannerComment: '',
      additionalProperties: false,
      unreachableDefinitions: false,
      declareExternallyReferenced: true,
      // Bounded lists stay lists (the schema keeps the bound), not unions of tuples.
      maxItems: -1,
      format: false,
    });
    // Types made for a file's $defs get the file's type name in front, so two files' defs never collide.
    const defs = [...source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]!).filter((type) => type !== typeName(name));
    const renamed = defs.reduce((text, type) => text.replace(new RegExp(`\\b${type}\\b`, 'g'), `${typeName(name)}${type}`), source);
    parts.push(renamed);
    names.push(name);
  }
  const map = names.map((name) => `  '${name}': ${typeName(name)};`).join('\n');
  return `${HEADER}${parts.join('\n')}\nexport interface ApiSchemas {\n${map}\n}\n`;
}
