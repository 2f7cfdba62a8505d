import type { RJSFSchema } from '@rjsf/utils';

type Json = unknown;
type SchemaFiles = Record<string, Json>;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Resolves a relative reference against a relative base id such as `forms/profile.schema.json`. */
export function resolveRef(base: string, ref: string): string {
  const [path = '', fragment] = ref.split('#');
  let doc = base;
  if (path !== '') {
    const segments = base.split('/').slice(0, -1);
    for (const part of path.split('/')) {
      if (part === '..') segments.pop();
      else if (part !== '.') segments.push(part);
    }
    doc = segments.join('/');
  }
  return fragment === undefined ? doc : `${doc}#${fragment}`;
}

const keyOf = (id: string) => id.replace(/\.schema\.json$/, '').replace(/[^A-Za-z0-9]/g, '_');

/**
 * One self-contained schema for a form: every file it references is copied under `$defs` and every
 * `$ref` becomes a local pointer, with no nested `$id`. RJSF and Ajv then resolve the same refs the
 * same way (relative nested `$id`s are read differently by the two).
 */
export function bundleFormSchema(formId: string, files: SchemaFiles): RJSFSchema {
  const byId = new Map<string, Json>();
  for (const file of Object.values(files)) if (isObject(file) && typeof file.$id === 'string') byId.set(file.$id, file);
  const included = new Map<string, Json>();
  const rewrite = (node: Json, base: string): Json => {
    if (Array.isArray(node)) return node.map((n) => rewrite(n, base));
    if (!isObject(node)) return node;
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const absolute = resolveRef(base, value);
        const [doc = '', fragment = ''] = absolute.split('#');
        if (doc === formId) out.$ref = `#${fragment}`;
        else {
          include(doc);
          out.$ref = `#/$defs/${keyOf(doc)}${fragment}`;
        }
      } else if (key === '$id' || key === '$schema') {
        continue;
      } else if (key === '$data' && typeof value === 'string') {
        out[key] = value;
      } else {
        out[key] = rewrite(value, base);
      }
    }
    return out;
  };
  const include = (doc: string) => {
    if (included.has(doc)) return;
    const file = byId.get(doc);
    if (!file) throw new Error(`Schema ${doc} is not among the schema files`);
    included.set(doc, {});
    included.set(doc, rewrite(file, doc));
  };
  const form = byId.get(formId);
  if (!isObject(form)) throw new Error(`Schema ${formId} is not among the schema files`);
  const root = rewrite(form, formId) as Record<string, Json>;
  const defs = isObject(root.$defs) ? { ...root.$defs } : {};
  for (const [doc, schema] of included) defs[keyOf(doc)] = schema;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...root,
    ...(Object.keys(defs).length > 0 ? { $defs: defs } : {}),
  } as RJSFSchema;
}
