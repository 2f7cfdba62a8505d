// npm run check:schemas: the stock Ajv of the forms contract compiles every form, every message,
// label and help key the schemas and ui files use exists in every language, and every schema that
// validates input bounds its arrays, strings and open objects (scripts/lib/schema-bounds.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import draft7 from 'ajv/dist/refs/json-schema-draft-07.json';
import { schemaNodesAt, storageEntries } from '../src/server/rules/storage';
import { bundleSchema } from '../src/shared/schemas/bundle';
import { hasKey, languages, loadCatalogue } from './lib/locales';
import { schemasDir } from './lib/paths';
import { resolveUiIncludes } from '../src/shared/schemas/ui-include';
import { unboundedNodes, validatesInput } from './lib/schema-bounds';
import { formNames, formSchemaId, type JsonSchema, loadSchemaFiles } from './lib/schema-files';
import { hoistConditionalProperties } from './lib/types';

const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';
// The widgets the form engine registers (schemas/README.md), plus RJSF's own hidden widget.
const WIDGETS = ['text', 'email', 'password', 'select', 'country', 'state', 'phone', 'countryCode', 'checkbox', 'birthMonth', 'time', 'hidden'];
const problems: string[] = [];
const fail = (message: string): never => {
  throw new Error(message);
};

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listJson(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : [],
  );
}

// 1. Every JSON file under schemas/ has an $id and goes into one stock Ajv, as the contract says.
const all = listJson(schemasDir).map((file) => ({
  path: relative(schemasDir, file),
  schema: JSON.parse(readFileSync(file, 'utf8')) as JsonSchema,
}));
const uses2020 = all.some((f) => f.schema.$schema === DRAFT_2020);
const ajv: Ajv = uses2020 ? new Ajv2020({ allErrors: true, $data: true, strict: false }) : new Ajv({ allErrors: true, $data: true, strict: false });
if (uses2020 && all.some((f) => String(f.schema.$schema ?? '').includes('draft-07'))) ajv.addMetaSchema(draft7);
addFormats(ajv);
ajvErrors(ajv);
for (const { path, schema } of all) {
  if (typeof schema.$id !== 'string') problems.push(`${path}: no $id`);
  else if (/^[a-z]+:\/\//i.test(schema.$id)) problems.push(`${path}: $id is a URL (${schema.$id}); use a relative id`);
  try {
    ajv.addSchema(schema);
  } catch (error) {
    problems.push(`${path}: ${(error as Error).message}`);
  }
}
let compiled = 0;
for (const form of formNames) {
  try {
    if (!ajv.getSchema(formSchemaId(form))) problems.push(`${form}: schemas/forms/${form}.schema.json is missing`);
    else compiled += 1;
  } catch (error) {
    problems.push(`${form}: does not compile: ${(error as Error).message}`);
  }
}

// 2. Message keys (errorMessage) and ui keys (labels, help, option labels) exist in every language.
const messageKeys = new Set<string>();
const collectMessages = (node: unknown): void => {
  if (Array.isArray(node)) return node.forEach(collectMessages);
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'errorMessage') {
      const add = (v: unknown): void => {
        if (typeof v === 'string') messageKeys.add(v);
        else if (v && typeof v === 'object') Object.values(v).forEach(add);
      };
      add(value);
    } else collectMessages(value);
  }
};
const files = loadSchemaFiles();
files.forEach((f) => collectMessages(f.schema));
for (const key of messageKeys) if (!/^Validation\.[A-Za-z]+$/.test(key)) problems.push(`errorMessage "${key}" is not a Validation.* key`);

const uiKeys = new Map<string, string>(); // key -> where used
const pathProblems: string[] = [];
const uiById = new Map(all.filter(({ path }) => path.startsWith('ui/')).map(({ schema }) => [String(schema.$id), schema]));
for (const form of formNames) {
  let ui: JsonSchema;
  try {
    // With its inclusions resolved, as every reader sees it (src/shared/schemas/ui-include.ts).
    ui = resolveUiIncludes(uiById.get(`ui/${form}.ui.json`) ?? fail(`ui/${form}.ui.json is missing`), (id) => uiById.get(id));
  } catch (error) {
    problems.push((error as Error).message);
    continue;
  }
  const schema = hoistConditionalProperties(bundleSchema(formSchemaId(form), files));
  const defs = schema.$defs as JsonSchema | undefined;
  const resolve = (s: JsonSchema | undefined): JsonSchema | undefined => {
    if (!s || typeof s.$ref !== 'string') return s;
    const target = s.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, part) => (node as JsonSchema)?.[part], { $defs: defs });
    return { ...(resolve(target as JsonSchema) ?? {}), ...s, $ref: undefined };
  };
  const schemaAt = (path: string[]): JsonSchema | undefined =>
    path.reduce<JsonSchema | undefined>((node, part) => {
      const props = hoistConditionalProperties(resolve(node) ?? {}).properties as JsonSchema | undefined;
      return props?.[part] as JsonSchema | undefined;
    }, schema);
  const walkUi = (node: JsonSchema, path: string[]): void => {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'ui:widget' && !WIDGETS.includes(value as string)) {
        pathProblems.push(`ui/${form}: ${path.join('/')} uses unknown widget "${String(value)}"`);
      } else if (key === 'ui:options' && value && typeof value === 'object') {
        const options = value as Record<string, unknown>;
        for (const k of ['labelKey', 'helpKey']) if (typeof options[k] === 'string') uiKeys.set(options[k] as string, `${form}:${path.join('/')}`);
        if (typeof options.optionLabelPrefix === 'string') {
          const values = (resolve(schemaAt(path))?.enum as unknown[] | undefined) ?? [];
          if (values.length === 0) pathProblems.push(`ui/${form}: ${path.join('/')} has optionLabelPrefix but no enum`);
          for (const v of values) uiKeys.set(`${options.optionLabelPrefix}.${String(v)}`, `${form}:${path.join('/')}`);
        }
      } else if (!key.startsWith('ui:') && !key.startsWith('$') && key !== 'x-behaviours' && value && typeof value === 'object') {
        if (!schemaAt([...path, key])) pathProblems.push(`ui/${form}: ${[...path, key].join('/')} is not a field of the form`);
        walkUi(value as JsonSchema, [...path, key]);
      }
    }
  };
  walkUi(ui, []);
  const behaviours = (ui['x-behaviours'] ?? {}) as Record<string, Record<string, unknown>>;
  const paths: string[] = [];
  for (const [source, targets] of Object.entries(behaviours.clears ?? {})) paths.push(source, ...(targets as string[]));
  paths.push(...Object.keys(behaviours.locks ?? {}));
  for (const [state, rule] of Object.entries(behaviours.stateSource ?? {})) paths.push(state, (rule as { country: string }).country);
  for (const p of paths) if (!schemaAt(p.split('/'))) pathProblems.push(`ui/${form}: behaviour path ${p} is not a field of the form`);
  if (typeof behaviours.invalidNotice === 'string') uiKeys.set(behaviours.invalidNotice as unknown as string, `${form}:x-behaviours`);
}
problems.push(...pathProblems);

// Every state and province of the reference list has its name in every language (the list itself
// holds the English names; no maintained source has them in Japanese).
const statesFile = all.find((f) => f.schema.$id === 'defs/states.schema.json')?.schema;
for (const [country, list] of Object.entries((statesFile?.['x-states'] ?? {}) as Record<string, { abbreviation: string }[]>)) {
  for (const state of list) uiKeys.set(`Fields.Options.State.${country}.${state.abbreviation}`, 'defs/states.schema.json');
}

// 3. Every schema that validates what a caller sends bounds its arrays, strings and open objects.
const byId = new Map(all.flatMap(({ schema }) => (typeof schema.$id === 'string' ? [[schema.$id, schema] as const] : [])));
let boundedFiles = 0;
for (const id of byId.keys()) {
  if (!validatesInput(id)) continue;
  boundedFiles += 1;
  for (const found of unboundedNodes({ byId }, id)) problems.push(`${id} ${found}`);
}

// 4. Every form names where its data is stored (x-storage: the api schemas, and where a field is
// stored under another name), so the rules console can keep drafted rules within the stored bounds.
const byPath = new Map(all.map(({ path, schema }) => [path.split('\\').join('/'), schema]));
let storageEntryCount = 0;
for (const form of formNames) {
  const entries = storageEntries(byPath.get(formSchemaId(form)));
  if (entries.length === 0) problems.push(`forms/${form}.schema.json: no x-storage (the api schemas its data is stored in)`);
  for (const entry of entries) {
    storageEntryCount += 1;
    if (!entry.schema.startsWith('api/') || !byPath.has(entry.schema))
      problems.push(`forms/${form}.schema.json: x-storage names ${entry.schema}, not a schema under api/`);
    else
      for (const [from, to] of Object.entries(entry.paths ?? {})) {
        if (schemaNodesAt(byPath, entry.schema, to).length === 0)
          problems.push(`forms/${form}.schema.json: x-storage maps ${from} to ${to}, which ${entry.schema} does not have`);
      }
  }
}

for (const lang of languages()) {
  const catalogue = loadCatalogue(lang);
  for (const key of messageKeys) if (!hasKey(catalogue, key)) problems.push(`${lang}: message key ${key} is missing`);
  for (const [key, where] of uiKeys) if (!hasKey(catalogue, key)) problems.push(`${lang}: ui key ${key} (${where}) is missing`);
}

console.log(
  `check:schemas: ${all.length} schema files, ${compiled}/${formNames.length} forms compiled (${uses2020 ? 'Ajv2020' : 'Ajv'}), ` +
    `${messageKeys.size} message keys, ${uiKeys.size} ui keys, languages ${languages().join(', ')}, ${boundedFiles} input schemas bounded, ${storageEntryCount} storage entries`,
);
if (problems.length > 0) {
  console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('check:schemas: OK');
