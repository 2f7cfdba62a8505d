import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { Script } from 'node:vm';
import Ajv, { type Options as AjvOptions, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { bundleSchema } from '../../shared/schemas/bundle';
import { type FieldError, toFieldErrors } from '../../shared/schemas/field-errors';
import { resolveUiIncludes } from '../../shared/schemas/ui-include';
import { boundError, boundsOf } from './bounds';
import { LINEAR_REGEXP_MODULE, linearRegExp, trustPatterns } from './linear-regexp';

const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

export interface SchemaFile {
  file: string;
  schema: Record<string, unknown> & { $id?: string; $schema?: string };
}

function listJson(dir: string): string[] {
  let entries: string[] = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listJson(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

export function readSchemaFiles(schemasDir: string): SchemaFile[] {
  return listJson(schemasDir).map((file) => ({
    file: relative(schemasDir, file).split('\\').join('/'),
    schema: JSON.parse(readFileSync(file, 'utf8')) as SchemaFile['schema'],
  }));
}

/** Every `pattern` value and `patternProperties` name in some schema files. */
export function schemaPatterns(files: readonly SchemaFile[]): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      // ajv-errors' messages may be keyed by keyword ("pattern": "Validation..."): not patterns.
      if (key === 'errorMessage') continue;
      if (key === 'pattern' && typeof value === 'string') found.add(value);
      if (key === 'patternProperties' && value && typeof value === 'object') Object.keys(value).forEach((name) => found.add(name));
      visit(value);
    }
  };
  files.forEach((f) => visit(f.schema));
  return found;
}

/** Top-level property names a form schema declares, with those declared only in allOf members and if/then/else branches. */
export function formFields(schema: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const s = node as Record<string, unknown>;
    if (s.properties && typeof s.properties === 'object') Object.keys(s.properties).forEach((k) => names.add(k));
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach(visit);
    for (const key of ['then', 'else']) visit(s[key]);
  };
  visit(schema);
  return [...names];
}

/**
 * The services' Ajv options, in one place: the schema registry below, the rules thread that writes a
 * rules version's validators as standalone code (src/server/rules/rules-worker.ts), and the impact
 * check all build their Ajv from these, so a version's validators are the very ones the base's are.
 */
export function servicesAjvOptions(): AjvOptions {
  // Every pattern runs on RE2 (./linear-regexp.ts): no value makes a pattern hold the event loop.
  return { allErrors: true, $data: true, strict: false, code: { regExp: linearRegExp } };
}

/** The services' two Ajv instances: the rules, and the same files reduced to their bounds (./bounds.ts). */
export interface ServicesAjv {
  ajv: Ajv;
  boundsAjv: Ajv;
}

/**
 * The services' two Ajv instances with no schema yet: `ajv` with the forms contract's plugins
 * (ajv-formats, ajv-errors), `boundsAjv` stopping at the first failure; Ajv2020 for files that declare
 * draft 2020-12. With `source`, each keeps the code it generates, for Ajv's standalone output.
 */
export function emptyServicesAjv(draft2020: boolean, options: { source?: boolean } = {}): ServicesAjv {
  const AjvClass = draft2020 ? Ajv2020 : Ajv;
  const base = servicesAjvOptions();
  const withSource = (opts: AjvOptions): AjvOptions => (options.source ? { ...opts, code: { ...opts.code, source: true } } : opts);
  const ajv = new AjvClass(withSource(base));
  addFormats(ajv);
  ajvErrors(ajv);
  const boundsAjv = new AjvClass(withSource({ ...base, allErrors: false }));
  return { ajv, boundsAjv };
}

/** Whether the files declare draft 2020-12 (their Ajv is Ajv2020). */
export const declares2020 = (files: readonly SchemaFile[]): boolean => files.some((f) => f.schema.$schema === DRAFT_2020);

/** The services' two Ajv instances over a set of schema files (made with emptyServicesAjv unless given). */
export function servicesAjv(files: readonly SchemaFile[], options: { source?: boolean } = {}, empty?: ServicesAjv): ServicesAjv {
  const { ajv, boundsAjv } = empty ?? emptyServicesAjv(declares2020(files), options);
  for (const { file, schema } of files) {
    // A file without $id is reachable by its path below schemas/.
    ajv.addSchema(schema, schema.$id ? undefined : file);
    boundsAjv.addSchema(boundsOf(schema) as object, schema.$id ? undefined : file);
  }
  return { ajv, boundsAjv };
}

/**
 * `full` behind a check of the bounds alone: a document over a bound gets one error (the array or
 * object that is too large) without the full rules ever walking it. Ajv's validator shape, so Fastify
 * uses it as a route's validator; the same for a rules version's validators built as standalone code.
 */
export function bounded(bounds: ValidateFunction, full: ValidateFunction): ValidateFunction {
  const validate = ((data: unknown) => {
    if (!bounds(data)) {
      validate.errors = (bounds.errors ?? []).map(boundError);
      return false;
    }
    const valid = full(data) as boolean;
    validate.errors = full.errors;
    return valid;
  }) as ValidateFunction;
  validate.schema = full.schema;
  validate.schemaEnv = full.schemaEnv;
  return validate;
}

const runtimeRequire = createRequire(import.meta.url);

/**
 * The modules Ajv's standalone code of the services' validators may `require`, by the id the code
 * names: Ajv's run-time helpers and ajv-formats' formats. Anything else is refused (deny by default):
 * a pattern engine or a plugin that adds a run-time module is added here, by its id.
 */
export const SERVICES_RUNTIME_MODULES: Readonly<Record<string, unknown>> = Object.freeze({
  [LINEAR_REGEXP_MODULE]: { default: linearRegExp },
  'ajv/dist/runtime/equal': runtimeRequire('ajv/dist/runtime/equal'),
  'ajv/dist/runtime/ucs2length': runtimeRequire('ajv/dist/runtime/ucs2length'),
  'ajv/dist/runtime/uri': runtimeRequire('ajv/dist/runtime/uri'),
  'ajv/dist/runtime/validation_error': runtimeRequire('ajv/dist/runtime/validation_error'),
  'ajv-formats/dist/formats': runtimeRequire('ajv-formats/dist/formats'),
});

/** Standalone code as one function of `require`, `module` and `exports`: the same text on both threads. */
const wrapStandalone = (code: string): string => `(function (require, module, exports) {\n${code}\n})`;

type DefineValidator = (require: (id: string) => unknown, module: { exports: unknown }, exports: unknown) => void;

/** The validator a script of wrapped standalone code defines, its `require` answered from the list only. */
function definedBy(script: Script, name: string): ValidateFunction {
  const module: { exports: unknown } = { exports: {} };
  const require = (id: string): unknown => {
    if (!Object.hasOwn(SERVICES_RUNTIME_MODULES, id)) throw new Error(`Unexpected run-time module ${id} in the validator code of ${name}`);
    return SERVICES_RUNTIME_MODULES[id];
  };
  (script.runInThisContext() as DefineValidator)(require, module, module.exports);
  if (typeof module.exports !== 'function') throw new Error(`The validator code of ${name} exports no function`);
  return module.exports as ValidateFunction;
}

/**
 * One validator from Ajv's standalone code (CommonJS: `module.exports = validate`), as the rules
 * thread wrote it with the services' options. Evaluating it is what Ajv itself does with the code it
 * generates, without generating it: a function is made from the text, and its `require` calls are
 * answered from SERVICES_RUNTIME_MODULES only. `name` names it in stack traces. With `cachedData`
 * (V8's code cache of the same text, made by standaloneCodeCache in the rules thread) the text is not
 * compiled again; a cache V8 refuses is ignored.
 */
export function standaloneValidator(code: string, name: string, cachedData?: Uint8Array): ValidateFunction {
  return definedBy(new Script(wrapStandalone(code), { filename: name, ...(cachedData ? { cachedData } : {}) }), name);
}

/**
 * V8's code cache of a validator's standalone code, made where the code is compiled (the rules
 * thread): the code is evaluated there as standaloneValidator evaluates it, the validator run once
 * so its main function is compiled as well, and the cache taken. A third to a fifth of the time
 * evaluating the code takes without it.
 */
export function standaloneCodeCache(code: string, name: string): Uint8Array {
  const script = new Script(wrapStandalone(code), { filename: name });
  definedBy(script, name)({});
  return script.createCachedData();
}

/** What the identity and vendors services validate a write with: the rules of one version. */
export interface FormRules {
  /** Top-level property names a form schema declares (with those hoisted from if/then/else). */
  fields(file: string): string[];
  /** A form's ui file with its inclusions resolved. */
  ui(form: string): SchemaFile['schema'];
  /** Null when valid, else the failing fields and keys, mapped as the browser maps them. */
  validate(file: string, data: unknown): FieldError[] | null;
}

/**
 * The validators the browser uses, built the way the forms contract fixes: a stock Ajv (Ajv2020 when
 * the files declare draft 2020-12) with ajv-formats and ajv-errors, every file under schemas/ added.
 * Built from the folder (the base, as the build ships it: the routes' validators, and the base's form
 * validators, compiled at start-up by the rules service) or from files in memory (tests), each
 * compiled once and kept while in use. A rules version's validators are not compiled here but in
 * the rules thread (src/server/rules/version-validators.ts).
 */
export class SchemaRegistry implements FormRules {
  /** Where the files come from (for messages): the folder, or the rules version's hash. */
  readonly schemasDir: string;

  readonly ajv: Ajv;
  /** The same files reduced to their bounds (./bounds.ts), compiled to stop at the first failure. */
  private readonly boundsAjv: Ajv;
  private readonly byFile = new Map<string, SchemaFile['schema']>();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly fieldLists = new Map<string, string[]>();

  constructor(source: string | { files: readonly SchemaFile[]; name: string }) {
    const files = typeof source === 'string' ? readSchemaFiles(source) : source.files;
    // The build's own patterns (the folder's) may run on the platform's engine where RE2 cannot.
    if (typeof source === 'string') trustPatterns(schemaPatterns(files));
    this.schemasDir = typeof source === 'string' ? source : source.name;
    ({ ajv: this.ajv, boundsAjv: this.boundsAjv } = servicesAjv(files));
    for (const { file, schema } of files) this.byFile.set(file, schema);
  }

  /** Every file this registry holds, by its path under schemas/. */
  files(): SchemaFile[] {
    return [...this.byFile.entries()].map(([file, schema]) => ({ file, schema }));
  }

  /** The request and response schemas of the services (schemas/api/), by $id. */
  apiSchemas(): Array<[string, SchemaFile['schema']]> {
    return [...this.byFile.entries()].filter(([file]) => file.startsWith('api/')).map(([file, schema]) => [schema.$id ?? file, schema]);
  }

  /** A form's ui file with its inclusions resolved (src/shared/schemas/ui-include.ts). */
  ui(form: string): SchemaFile['schema'] {
    return resolveUiIncludes(this.schema(`ui/${form}.ui.json`), (id) => this.byFile.get(id));
  }

  has(file: string): boolean {
    return this.byFile.has(file);
  }

  schema(file: string): SchemaFile['schema'] {
    const schema = this.byFile.get(file);
    if (!schema) throw new Error(`No schema file ${file} under ${this.schemasDir}`);
    return schema;
  }

  /** Top-level property names a form schema declares (with those hoisted from if/then/else). */
  fields(file: string): string[] {
    let list = this.fieldLists.get(file);
    if (!list) {
      // The form as the browser renders it: a shared part reached through its allOf
      // (defs/contact-details) merged into its root (src/shared/schemas/bundle.ts).
      const files = [...this.byFile.entries()].map(([path, schema]) => ({ path, schema }));
      list = formFields(bundleSchema(this.schema(file).$id ?? file, files));
      this.fieldLists.set(file, list);
    }
    return list;
  }

  validator(file: string): ValidateFunction {
    let fn = this.compiled.get(file);
    if (!fn) {
      const id = this.schema(file).$id ?? file;
      fn = bounded(this.boundsAjv.getSchema(id)!, this.ajv.getSchema(id)!);
      this.compiled.set(file, fn);
    }
    return fn;
  }

  /**
   * Fastify's validator for a route part, compiled by this Ajv (which already holds every file under
   * schemas/), so a body declared as `api/x.schema.json` is checked by that very file.
   */
  routeValidator(schema: unknown): ValidateFunction {
    const ref = (schema as { $ref?: string }).$ref;
    if (ref) {
      const id = ref.replace(/#$/, '');
      const full = this.ajv.getSchema(id);
      if (!full) throw new Error(`Unknown schema ${ref}`);
      return bounded(this.boundsAjv.getSchema(id)!, full);
    }
    return bounded(this.boundsAjv.compile(boundsOf(schema) as object), this.ajv.compile(schema as object));
  }

  /**
   * Validates `data` with one schema file; null when valid, else the failing fields and keys, mapped
   * as the browser maps them (src/shared/schemas/field-errors.ts).
   */
  validate(file: string, data: unknown): FieldError[] | null {
    const fn = this.validator(file);
    return fn(data) ? null : toFieldErrors(fn.errors ?? []);
  }
}
