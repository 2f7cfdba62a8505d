import type { JsonSchema, SchemaFile } from './schema-types';

// RJSF resolves only local refs, and its precompiled validator must be compiled from the very schema
// the form renders. So each form is bundled into one self-contained schema: every file it reaches is
// embedded under $defs/<file stem> and every $ref is rewritten to a local pointer.

/** Resolves a relative schema path against the file it appears in (`forms/x.json` + `../defs/y.json`). */
function resolvePath(ref: string, currentId: string): string {
  if (ref === '') return currentId;
  const parts = ref.startsWith('/') ? [] : currentId.split('/').slice(0, -1);
  for (const segment of ref.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** The file a $ref points to, resolved against the file it sits in, as the bundler resolves it. */
export const refFile = (ref: string, currentId: string): string => splitRef(ref, currentId).id;

function splitRef(ref: string, currentId: string): { id: string; pointer: string } {
  const hash = ref.indexOf('#');
  const path = hash < 0 ? ref : ref.slice(0, hash);
  const pointer = hash < 0 ? '' : decodeURIComponent(ref.slice(hash + 1));
  return { id: resolvePath(path, currentId), pointer };
}

const stem = (id: string): string => (id.split('/').pop() ?? id).replace(/\.schema\.json$|\.json$/, '');

function walk(node: unknown, visit: (obj: JsonSchema) => JsonSchema): unknown {
  if (Array.isArray(node)) return node.map((item) => walk(item, visit));
  if (node && typeof node === 'object') {
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) out[key] = walk(value, visit);
    return visit(out);
  }
  return node;
}

const PROSE = ['title', 'description', '$comment'];

/** English titles and comments stay in the source files: a form shows translated keys only. */
export function withoutProse(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutProse);
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => !(PROSE.includes(key) && typeof value === 'string'))
        .map(([key, value]) => [key, ['enum', 'const', 'default', 'examples'].includes(key) ? value : withoutProse(value)]),
    );
  }
  return node;
}

/**
 * One form as a self-contained schema (what the form renders and its validator is compiled from).
 * Titles and comments are left out unless `keepProse` (the type generator names types after titles).
 */
export function bundleSchema(rootId: string, files: SchemaFile[], { keepProse = false } = {}): JsonSchema {
  // Without its root $id: RJSF resolves local refs against a relative id with a folder
  // ("forms/x.schema.json") to a wrong path; RJSF then keys the root validator by the schema's hash.
  // x-storage (where the services store the form's data, for the rules console) is no concern of a form.
  const { $id: _rootId, 'x-storage': _storage, ...bundled } = bundleWithProse(rootId, files);
  return keepProse ? bundled : (withoutProse(bundled) as JsonSchema);
}

function bundleWithProse(rootId: string, files: SchemaFile[]): JsonSchema {
  const byId = new Map(files.map((f) => [String(f.schema.$id), f.schema]));
  const root = byId.get(rootId);
  if (!root) throw new Error(`No schema with $id ${rootId}`);
  const ownDefs = (root.$defs ?? {}) as Record<string, unknown>;
  const embedded = new Map<string, string>(); // file id -> key under $defs
  const queue: string[] = [];

  const keyFor = (id: string): string => {
    let key = embedded.get(id);
    if (!key) {
      key = stem(id);
      if (key in ownDefs || [...embedded.values()].includes(key)) throw new Error(`$defs key clash: ${key} (${rootId})`);
      embedded.set(id, key);
      queue.push(id);
    }
    return key;
  };

  const rewrite = (schema: JsonSchema, currentId: string): JsonSchema =>
    walk(schema, (obj) => {
      if (typeof obj.$ref !== 'string') return obj;
      const { id, pointer } = splitRef(obj.$ref, currentId);
      if (!byId.has(id)) throw new Error(`${currentId}: unresolved $ref ${obj.$ref}`);
      const local = id === rootId ? pointer : `/$defs/${keyFor(id)}${pointer}`;
      return { ...obj, $ref: `#${local}` };
    }) as JsonSchema;

  const bundled = rewrite(root, rootId);
  const defs: Record<string, unknown> = { ...((bundled.$defs as Record<string, unknown>) ?? {}) };
  while (queue.length > 0) {
    const id = queue.shift() as string;
    const { $id: _id, $schema: _draft, ...body } = byId.get(id) as JsonSchema;
    defs[embedded.get(id) as string] = rewrite(body, id);
  }
  return mergeSharedParts(Object.keys(defs).length > 0 ? { ...bundled, $defs: defs } : bundled);
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
/** What a shared part may hold to be merged: its fields, which of them are required, its rules across them. */
const MERGEABLE = new Set(['type', 'properties', 'required', 'allOf', ...PROSE]);

/**
 * A part several forms share (a definition such as defs/contact-details reached through the form's
 * root `allOf`) merged into the form's root: its fields join the form's own, its required fields
 * the form's, its rules the form's `allOf`. The same rules, laid out as the forms and the type
 * generator read them (fields at the root). Any other part is left as it is.
 */
function mergeSharedParts(schema: JsonSchema): JsonSchema {
  const members = schema.allOf;
  const defs = schema.$defs as Record<string, unknown> | undefined;
  if (!Array.isArray(members) || !defs) return schema;
  let properties: JsonSchema = {};
  const required: string[] = [];
  const allOf: unknown[] = [];
  const merged: string[] = [];
  for (const member of members) {
    const key =
      isObject(member) && Object.keys(member).length === 1 && typeof member.$ref === 'string' ? /^#\/\$defs\/([^/]+)$/.exec(member.$ref)?.[1] : undefined;
    const part = key ? defs[key] : undefined;
    if (!key || !isObject(part) || part.type !== 'object' || !Object.keys(part).every((k) => MERGEABLE.has(k))) {
      allOf.push(member);
      continue;
    }
    merged.push(key);
    properties = { ...properties, ...(part.properties as JsonSchema | undefined) };
    required.push(...((part.required as string[] | undefined) ?? []));
    allOf.push(...((part.allOf as unknown[] | undefined) ?? []));
  }
  if (merged.length === 0) return schema;
  const rest = Object.fromEntries(Object.entries(defs).filter(([key]) => !merged.includes(key)));
  const out: JsonSchema = { ...schema, properties: { ...properties, ...(schema.properties as JsonSchema | undefined) } };
  const allRequired = [...new Set([...required, ...((schema.required as string[] | undefined) ?? [])])];
  if (allRequired.length > 0) out.required = allRequired;
  if (allOf.length > 0) out.allOf = allOf;
  else delete out.allOf;
  if (Object.keys(rest).length > 0) out.$defs = rest;
  else delete out.$defs;
  return out;
}
