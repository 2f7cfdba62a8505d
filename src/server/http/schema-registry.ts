import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { bundleSchema } from '../../shared/schemas/bundle';
import { type FieldError, toFieldErrors } from '../../shared/schemas/field-errors';
import { resolveUiIncludes } from '../../shared/schemas/ui-include';
import { boundError, boundsOf } from './bounds';
import { createLinearRegExp } from './linear-regexp';

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
 * The validators the browser uses, built the way the forms contract fixes: a stock Ajv (Ajv2020 when
 * the files declare draft 2020-12) with ajv-formats and ajv-errors, every file under schemas/ added.
 * Built from the folder (the base, as the build ships it) or from files in memory (a rules version:
 * the base with a product owner's changes, src/server/rules/versions.ts), each compiled once and
 * kept while in use.
 */
export class SchemaRegistry {
  /** Where the files come from (for messages): the folder, or the rules version's hash. */
  readonly schemasDir: string;

  readonly ajv: Ajv;
  /** The same files reduced to their bounds (./bounds.ts), compiled to stop at the first failure. */
  private readonly boundsAjv: Ajv;
  private readonly byFile = new Map<string, SchemaFile['schema']>();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly fieldLists = new Map<string, string[]>();

  /**
   * `source`: the schema folder (the build's files: their patterns are trusted to the platform's
   * engine where RE2 cannot run them, having passed `npm run check:schemas`), or files in memory
   * (a rules version) with the patterns of the build's files that may be trusted the same way.
   */
  constructor(source: string | { files: readonly SchemaFile[]; name: string; trusted?: ReadonlySet<string> }) {
    const files = typeof source === 'string' ? readSchemaFiles(source) : source.files;
    this.schemasDir = typeof source === 'string' ? source : source.name;
    const AjvClass = files.some((f) => f.schema.$schema === DRAFT_2020) ? Ajv2020 : Ajv;
    // Every pattern runs on RE2 (./linear-regexp.ts): no value makes a pattern hold the event loop.
    const regExp = createLinearRegExp(typeof source === 'string' ? schemaPatterns(files) : (source.trusted ?? new Set()));
    this.ajv = new AjvClass({ allErrors: true, $data: true, strict: false, code: { regExp } });
    addFormats(this.ajv);
    ajvErrors(this.ajv);
    this.boundsAjv = new AjvClass({ allErrors: false, strict: false, code: { regExp } });
    for (const { file, schema } of files) {
      this.byFile.set(file, schema);
      // A file without $id is reachable by its path below schemas/.
      this.ajv.addSchema(schema, schema.$id ? undefined : file);
      this.boundsAjv.addSchema(boundsOf(schema) as object, schema.$id ? undefined : file);
    }
  }

  /**
   * `full` behind a check of the bounds alone: a document over a bound gets one error (the array
   * or object that is too large) without the full rules ever walking it. Ajv's validator shape, so
   * Fastify uses it as a route's validator.
   */
  private bounded(bounds: ValidateFunction, full: ValidateFunction): ValidateFunction {
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
      fn = this.bounded(this.boundsAjv.getSchema(id)!, this.ajv.getSchema(id)!);
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
      return this.bounded(this.boundsAjv.getSchema(id)!, full);
    }
    return this.bounded(this.boundsAjv.compile(boundsOf(schema) as object), this.ajv.compile(schema as object));
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
