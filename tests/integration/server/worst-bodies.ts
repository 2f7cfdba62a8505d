// The worst bodies a route of the services can be sent, made from its schema in the OpenAPI
// document: within every bound (the largest arrays of the worst elements, the longest strings, the
// deepest nesting the input guard allows) and beyond them up to the body limit (the floods).

type Schema = Record<string, unknown>;
export type Components = Record<string, Schema>;

/** The input guard's deepest nesting (src/server/http/input-guard.ts). */
export const MAX_DEPTH = 16;
/** Under the services' 256 KB body limit, with room for the JSON around it. */
export const FLOOD_BYTES = 240 * 1024;
/** A character outside every pattern the forms allow: a pattern scans the whole string before it fails on it. */
const FOREIGN = '\u017f';

const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);

function resolve(schema: Schema, components: Components): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = components[name];
  if (!target) throw new Error(`unknown component ${ref}`);
  return { ...resolve(target, components), ...schema, $ref: undefined };
}

/** Every subschema that applies to the value, branches included (the worst body satisfies the most). */
function applying(schema: Schema, components: Components): Schema[] {
  const own = resolve(schema, components);
  const parts = [own];
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    if (Array.isArray(own[key])) for (const part of own[key] as unknown[]) if (isSchema(part)) parts.push(...applying(part, components));
  }
  for (const key of ['then', 'else']) if (isSchema(own[key])) parts.push(...applying(own[key] as Schema, components));
  return parts;
}

const nested = (levels: number): unknown => (levels <= 0 ? 'x'.repeat(64) + FOREIGN : { a: nested(levels - 1) });

/**
 * The document within every bound of `schema` that makes a validator work hardest: every declared
 * property, arrays at maxItems of the worst element, strings at maxLength ending in a character no
 * pattern allows, and anything-goes values nested as deep as the input guard allows.
 */
export function worstWithin(schema: Schema, components: Components, depth = 0): unknown {
  const parts = applying(schema, components);
  const get = (key: string) => parts.find((part) => part[key] !== undefined)?.[key];
  const types = parts.flatMap((part) => (Array.isArray(part.type) ? part.type : part.type ? [part.type] : []));
  const properties = Object.assign({}, ...parts.map((part) => (isSchema(part.properties) ? part.properties : {}))) as Record<string, Schema>;
  if (Array.isArray(get('enum'))) return (get('enum') as unknown[])[0];
  if (get('const') !== undefined) return get('const');
  if (types.includes('array') || get('items')) {
    const max = get('maxItems');
    if (typeof max !== 'number') throw new Error('an array without maxItems');
    const item = isSchema(get('items')) ? (get('items') as Schema) : {};
    return Array.from({ length: max }, () => worstWithin(item, components, depth + 1));
  }
  if (types.includes('object') || Object.keys(properties).length > 0) {
    const out: Record<string, unknown> = {};
    for (const [name, child] of Object.entries(properties)) out[name] = worstWithin(child, components, depth + 1);
    const extra = get('additionalProperties');
    const maxProperties = get('maxProperties');
    if (isSchema(extra) && typeof maxProperties === 'number') {
      for (let i = Object.keys(out).length; i < maxProperties; i += 1) out[`extra${i}`] = worstWithin(extra, components, depth + 1);
    }
    return out;
  }
  if (types.includes('string')) {
    const max = get('maxLength');
    if (typeof max !== 'number') throw new Error('a string without maxLength');
    return 'x'.repeat(Math.max(0, max - 1)) + FOREIGN;
  }
  if (types.includes('integer') || types.includes('number')) return (get('maximum') as number | undefined) ?? Number.MAX_SAFE_INTEGER;
  if (types.includes('boolean')) return true;
  // Anything goes (a patch operation's value): as deep as the guard lets a body be.
  return nested(MAX_DEPTH - depth - 2);
}

/** Bodies beyond the bounds, each as large as the body limit allows, as JSON text. */
export function floods(schema: Schema, components: Components): Array<{ name: string; body: string }> {
  const parts = applying(schema, components);
  const types = parts.flatMap((part) => (Array.isArray(part.type) ? part.type : part.type ? [part.type] : []));
  const properties = Object.assign({}, ...parts.map((part) => (isSchema(part.properties) ? part.properties : {}))) as Record<string, Schema>;
  const cases: Array<{ name: string; body: string }> = [];
  // 60,000 empty objects: the 180 KB patch that once held an instance for 27 s.
  const items = Array.from({ length: FLOOD_BYTES / 4 }, () => ({}));
  if (types.includes('array')) {
    cases.push({ name: 'flood of items', body: JSON.stringify(items) });
  } else {
    const flood = Object.fromEntries(Array.from({ length: FLOOD_BYTES / 12 }, (_, i) => [`p${i}`, {}]));
    cases.push({ name: 'flood of properties', body: JSON.stringify(flood) });
    const names = Object.keys(properties);
    if (names.length > 0) {
      const size = Math.floor(FLOOD_BYTES / names.length / 2);
      const longest = Object.fromEntries(names.map((name) => [name, 'x'.repeat(size - 1) + FOREIGN]));
      cases.push({ name: 'longest strings', body: JSON.stringify(longest) });
      const share = items.slice(0, Math.floor(items.length / names.length));
      cases.push({ name: 'flood in every property', body: JSON.stringify(Object.fromEntries(names.map((name) => [name, share]))) });
    }
  }
  // Far deeper than the guard allows (JSON.parse itself takes any depth).
  cases.push({ name: 'nested 20,000 deep', body: `${'{"a":'.repeat(20_000)}{}${'}'.repeat(20_000)}` });
  return cases;
}

/**
 * The worst document cut down until its JSON fits in `bytes` (a body limit): the largest array or
 * string halved at a time, an array kept at one item at least and a string still ending in the
 * character no pattern allows, so it stays within every bound and as bad as the limit lets it be.
 */
export function fitted(value: unknown, bytes: number): unknown {
  const document = structuredClone(value);
  for (let size = JSON.stringify(document).length; size > bytes; size = JSON.stringify(document).length) {
    let largest: { parent: Record<string, unknown> | unknown[]; key: string | number; size: number } | undefined;
    const visit = (parent: Record<string, unknown> | unknown[], key: string | number) => {
      const node = (parent as Record<string, unknown>)[key as string];
      if (typeof node !== 'string' && !Array.isArray(node) && !isSchema(node)) return;
      const nodeSize = JSON.stringify(node).length;
      const cuttable = (typeof node === 'string' && node.length > 1) || (Array.isArray(node) && node.length > 1);
      if (cuttable && (!largest || nodeSize > largest.size)) largest = { parent, key, size: nodeSize };
      if (Array.isArray(node)) node.forEach((_item, i) => visit(node, i));
      else if (isSchema(node)) for (const name of Object.keys(node)) visit(node, name);
    };
    visit({ document }, 'document');
    if (!largest) throw new Error('the document cannot be cut to the limit');
    const { parent, key } = largest as { parent: Record<string, unknown>; key: string };
    const node = parent[key] as string | unknown[];
    parent[key] = typeof node === 'string' ? node.slice(0, Math.floor(node.length / 2) - 1) + FOREIGN : node.slice(0, Math.ceil(node.length / 2));
  }
  return document;
}
