import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import type { FieldError } from '../errors';
import { messageParams, type MessageParams } from '../../shared/schemas/message-params';

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

/**
 * The validators the browser uses, built the way the forms contract fixes: a stock Ajv (Ajv2020 when
 * the files declare draft 2020-12) with ajv-formats and ajv-errors, every file under schemas/ added.
 */
export class SchemaRegistry {
  readonly ajv: Ajv;
  private readonly byFile = new Map<string, SchemaFile['schema']>();
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly fieldLists = new Map<string, string[]>();

  constructor(readonly schemasDir: string) {
    const files = readSchemaFiles(schemasDir);
    const AjvClass = files.some((f) => f.schema.$schema === DRAFT_2020) ? Ajv2020 : Ajv;
    this.ajv = new AjvClass({ allErrors: true, $data: true, strict: false });
    addFormats(this.ajv);
    ajvErrors(this.ajv);
    for (const { file, schema } of files) {
      this.byFile.set(file, schema);
      // A file without $id is reachable by its path below schemas/.
      this.ajv.addSchema(schema, schema.$id ? undefined : file);
    }
  }

  /** The request and response schemas of the services (schemas/api/), by $id. */
  apiSchemas(): Array<[string, SchemaFile['schema']]> {
    return [...this.byFile.entries()].filter(([file]) => file.startsWith('api/')).map(([file, schema]) => [schema.$id ?? file, schema]);
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
    const cached = this.fieldLists.get(file);
    if (cached) return cached;
    const names = new Set<string>();
    const visit = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const s = node as Record<string, unknown>;
      if (s.properties && typeof s.properties === 'object') Object.keys(s.properties).forEach((k) => names.add(k));
      for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach(visit);
      for (const key of ['then', 'else']) visit(s[key]);
    };
    visit(this.schema(file));
    const list = [...names];
    this.fieldLists.set(file, list);
    return list;
  }

  validator(file: string): ValidateFunction {
    let fn = this.compiled.get(file);
    if (!fn) {
      const schema = this.schema(file);
      fn = this.ajv.getSchema(schema.$id ?? file) ?? this.ajv.compile(schema);
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
      const validate = this.ajv.getSchema(ref.replace(/#$/, ''));
      if (!validate) throw new Error(`Unknown schema ${ref}`);
      return validate;
    }
    return this.ajv.compile(schema as object);
  }

  /** Validates `data` with one schema file; null when valid, else the failing fields and keys. */
  validate(file: string, data: unknown): FieldError[] | null {
    const fn = this.validator(file);
    return fn(data) ? null : toFieldErrors(fn.errors ?? []);
  }
}

const join2 = (parent: string, child: string) => `${parent}/${child.replace(/~/g, '~0').replace(/\//g, '~1')}`;

function pathOf(error: ErrorObject): string {
  if (error.keyword === 'required') return join2(error.instancePath, String(error.params.missingProperty));
  if (error.keyword === 'dependentRequired' || error.keyword === 'dependencies') {
    return join2(error.instancePath, String(error.params.missingProperty));
  }
  if (error.keyword === 'additionalProperties') return join2(error.instancePath, String(error.params.additionalProperty));
  return error.instancePath;
}

/**
 * Ajv errors as `{ path, key }`. ajv-errors' `errorMessage` carries the key; a `required` error
 * lands on the missing field, not its parent. Errors without a key get a generic one, so no raw
 * English text ever reaches a learner.
 */
const WRAPPERS = ['if', 'anyOf', 'oneOf', 'allOf', '$ref'];

export function toFieldErrors(errors: ErrorObject[]): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  const push = (path: string, key: string, params?: MessageParams) => {
    const id = `${path}\u0000${key}`;
    if (!seen.has(id)) {
      seen.add(id);
      out.push(params ? { path, key, params } : { path, key });
    }
  };
  for (const error of errors) {
    if (error.keyword === 'errorMessage') {
      const originals = (error.params as { errors?: ErrorObject[] }).errors ?? [];
      // Ajv's wrapper errors (if, anyOf...) sit beside the real field errors; skip their keys.
      if (originals.length > 0 && originals.every((o) => WRAPPERS.includes(o.keyword))) continue;
      const paths = new Set(originals.map(pathOf));
      if (paths.size === 0) paths.add(error.instancePath);
      // What the message may say about the rule (its limit, the characters it refuses).
      const params = messageParams(originals);
      for (const path of paths) push(path, error.message ?? 'Validation.InvalidValue', params);
    } else if (!WRAPPERS.includes(error.keyword)) {
      push(pathOf(error), error.keyword === 'required' ? 'Validation.Required' : 'Validation.InvalidValue');
    }
  }
  // A wrapper error alone still means the data failed: report it at its own path.
  if (out.length === 0 && errors[0]) push(errors[0].instancePath, 'Validation.InvalidValue');
  return out;
}
