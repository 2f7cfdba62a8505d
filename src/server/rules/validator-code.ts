import { createHash } from 'node:crypto';
import type { ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { bundleSchema, refFile } from '../../shared/schemas/bundle';
import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { precompiledValidatorCode, toGalleryModule } from '../forms/precompile';
import { declares2020, emptyServicesAjv, formFields, servicesAjv, standaloneCodeCache, type ServicesAjv } from '../http/schema-registry';
import { canonicalJson, type RuleFiles } from './rule-files';

// What the rules thread compiles (rules-worker.ts), so that the thread answering requests never
// does: a rules version's validators for the services, as Ajv standalone code the event loop only
// evaluates (version-validators.ts), and a form's module for the browser (the form gallery's format).

/** The folders whose files the services validate with: every form and every shared definition. */
const VALIDATED_FOLDERS = ['forms/', 'defs/'];

/** The files of a version the services may validate a write with (forms/ and defs/). */
export const validatedFiles = (files: RuleFiles): string[] => [...files.keys()].filter((file) => VALIDATED_FOLDERS.some((f) => file.startsWith(f))).sort();

/** The files a version must hand the thread: those it validates with, and what they reach. */
export const filesForThread = (files: RuleFiles): Array<[string, JsonSchema]> =>
  [...files].filter(([file]) => VALIDATED_FOLDERS.some((f) => file.startsWith(f)));

const idOf = (path: string, schema: JsonSchema | undefined): string => (typeof schema?.$id === 'string' ? schema.$id : path);

/** Every $ref string in a schema, at any depth. */
function refsOf(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => refsOf(item, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else refsOf(value, out);
    }
  }
  return out;
}

/**
 * What a file's validator depends on, as one key: the SHA-256 of the file and of every file it reaches
 * through `$ref`, in canonical JSON. Two versions whose files give a form the same key validate it
 * alike, so a version reuses the validators of another for every form its changes do not reach.
 */
export function validatorKeys(files: RuleFiles, targets: readonly string[]): Map<string, string> {
  const pathById = new Map([...files].map(([path, schema]) => [idOf(path, schema), path]));
  const reached = new Map<string, string[]>();
  const reachOf = (path: string): string[] => {
    let list = reached.get(path);
    if (!list) {
      const schema = files.get(path);
      const id = idOf(path, schema);
      list = [...new Set(refsOf(schema).map((ref) => pathById.get(refFile(ref, id))))].filter((p): p is string => p !== undefined && p !== path);
      reached.set(path, list);
    }
    return list;
  };
  const keys = new Map<string, string>();
  for (const target of targets) {
    const closure = new Set<string>([target]);
    const queue = [target];
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) {
      for (const next of reachOf(path)) {
        if (closure.has(next)) continue;
        closure.add(next);
        queue.push(next);
      }
    }
    const hash = createHash('sha256');
    for (const path of [...closure].sort()) hash.update(`${path}\n${canonicalJson(files.get(path) ?? null)}\n`);
    keys.set(target, hash.digest('hex'));
  }
  return keys;
}

// A pair of Ajv instances made ahead, while the thread is idle (making one, with its meta-schemas
// compiled, is a good part of a version's compilation): the next version takes it.
let spare: ServicesAjv | undefined;

/** Makes the spare pair of Ajv instances now, meta-schemas compiled (the thread calls it when idle). */
export function prepareSpareAjv(): void {
  if (spare) return;
  spare = emptyServicesAjv(true, { source: true });
  // Checking an empty schema compiles the meta-schema (a synchronous check: nothing to wait for).
  void spare.ajv.validateSchema({});
  void spare.boundsAjv.validateSchema({});
}

function takeAjv(files: RuleFiles): ServicesAjv {
  const list = [...files].map(([file, schema]) => ({ file, schema }));
  const ready = declares2020(list) ? spare : undefined;
  if (ready) spare = undefined;
  return servicesAjv(list, { source: true }, ready);
}

export interface ValidatorCode {
  file: string;
  key: string;
  /** Ajv's standalone code (CommonJS) of the file's full rules and of its bounds; absent when the caller has the key. */
  code?: { full: string; bounds: string };
  /** V8's code cache of each (standaloneCodeCache), so the caller does not compile the code again. */
  cache?: { full: Uint8Array; bounds: Uint8Array };
}

export interface ServicesValidatorsAnswer {
  validators: ValidatorCode[];
  /** A form's top-level fields as it renders them (SchemaRegistry.fields), by file. */
  fields: Record<string, string[]>;
  /** How long the thread took, in milliseconds. */
  ms: number;
}

/**
 * The services' validators of a version's forms/ and defs/ files as standalone code, one file at a
 * time, compiled with the services' own Ajv options (servicesAjv); a file whose key the caller
 * already has (`known`) is not compiled again.
 */
export function servicesValidatorCode(entries: Array<[string, JsonSchema]>, known: ReadonlySet<string>): ServicesValidatorsAnswer {
  const started = performance.now();
  const files: RuleFiles = new Map(entries);
  const targets = validatedFiles(files);
  const keys = validatorKeys(files, targets);
  let ajvs: ServicesAjv | undefined;
  const list = [...files].map(([path, schema]) => ({ path, schema }));
  const validators: ValidatorCode[] = [];
  const fields: Record<string, string[]> = {};
  for (const file of targets) {
    const key = keys.get(file) as string;
    const id = idOf(file, files.get(file));
    if (file.startsWith('forms/')) fields[file] = formFields(bundleSchema(id, list));
    if (known.has(key)) {
      validators.push({ file, key });
      continue;
    }
    ajvs ??= takeAjv(files);
    const full = ajvs.ajv.getSchema(id) as ValidateFunction | undefined;
    const bounds = ajvs.boundsAjv.getSchema(id) as ValidateFunction | undefined;
    if (!full || !bounds) throw new Error(`No schema ${id} in the version's files`);
    const code = { full: standaloneCode(ajvs.ajv, full), bounds: standaloneCode(ajvs.boundsAjv, bounds) };
    const cache = { full: standaloneCodeCache(code.full, file), bounds: standaloneCodeCache(code.bounds, `${file}#bounds`) };
    validators.push({ file, key, code, cache });
  }
  return { validators, fields, ms: Math.round(performance.now() - started) };
}

/** A form's validators for the browser as the form gallery's module (forms/precompile.ts), from a version's files. */
export function formModuleCode(entries: Array<[string, JsonSchema]>, form: FormName): string {
  const schema = bundleSchema(
    `forms/${form}.schema.json`,
    entries.map(([path, schema]) => ({ path, schema })),
  );
  return toGalleryModule(precompiledValidatorCode(schema), schema);
}
