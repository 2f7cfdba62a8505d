// A rule of the house: every schema that validates what a caller sends bounds what the validator
// walks. An array has maxItems; a string has maxLength (or is one of a fixed list), on itself, on
// the definition it refers to, or on a schema applied to the same value around it; a number has a
// minimum and a maximum (the database's columns have a range); an object whose unknown properties
// are checked against a schema has maxProperties. The services check the array
// and object bounds first and stop at the first one exceeded (src/server/http/bounds.ts), so the
// full rules only ever walk a document of bounded size, and a string's rules run over a bounded
// length.

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);
const types = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);
const pointer = (parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
const unescape = (part: string) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');

/** Keywords whose subschemas apply to a part of the value (a property, an item). */
const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas'];
const PART_SCHEMAS = ['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'propertyNames'];
/** Keywords whose subschemas apply to the same value. */
const SAME_VALUE_SCHEMAS = ['not', 'if', 'then', 'else'];
const SAME_VALUE_LISTS = ['allOf', 'anyOf', 'oneOf'];

export interface SchemaFileSet {
  /** Every schema file by its $id. */
  byId: Map<string, Schema>;
}

/** `../defs/name.schema.json#/$defs/given` from `forms/profile.schema.json`: the schema it names. */
function resolve(files: SchemaFileSet, fromId: string, ref: string): Schema | undefined {
  const [file, fragment = ''] = ref.split('#');
  const base = new URL(fromId, 'schema:/');
  const id = file ? new URL(file, base).pathname.replace(/^\//, '') : fromId;
  let node: unknown = files.byId.get(id);
  for (const part of fragment.split('/').filter(Boolean)) node = isSchema(node) ? node[unescape(part)] : undefined;
  return isSchema(node) ? node : undefined;
}

const hasLengthBound = (node: Schema) => typeof node.maxLength === 'number' || 'enum' in node || 'const' in node;

/** Whether the value a schema describes is a string, and whether a bound on its length is declared. */
function stringFacts(files: SchemaFileSet, fileId: string, node: Schema, seen = new Set<Schema>()): { string: boolean; bounded: boolean } {
  if (seen.has(node)) return { string: false, bounded: false };
  seen.add(node);
  let string = types(node).includes('string');
  let bounded = hasLengthBound(node);
  const linked: Schema[] = [];
  if (typeof node.$ref === 'string') {
    const target = resolve(files, fileId, node.$ref);
    if (target) linked.push(target);
  }
  if (Array.isArray(node.allOf)) linked.push(...node.allOf.filter(isSchema));
  for (const next of linked) {
    const facts = stringFacts(files, fileId, next, seen);
    string ||= facts.string;
    bounded ||= facts.bounded;
  }
  return { string, bounded };
}

/** The JSON pointers of every unbounded array, string and open object in one file, with what it lacks. */
export function unboundedNodes(files: SchemaFileSet, fileId: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown, at: string[], lengthBoundAround: boolean) => {
    if (!isSchema(node)) return;
    if ((types(node).includes('array') || 'items' in node || 'prefixItems' in node) && typeof node.maxItems !== 'number') {
      found.push(`${pointer(at)}: an array without maxItems`);
    }
    const facts = stringFacts(files, fileId, node);
    const bounded = lengthBoundAround || facts.bounded;
    if (facts.string && !bounded) found.push(`${pointer(at)}: a string without maxLength`);
    const numeric = types(node).some((type) => type === 'integer' || type === 'number');
    if (numeric && !('enum' in node || 'const' in node) && (typeof node.maximum !== 'number' || typeof node.minimum !== 'number')) {
      found.push(`${pointer(at)}: a number without minimum and maximum`);
    }
    const checksUnknown = isSchema(node.additionalProperties) || isSchema(node.unevaluatedProperties) || 'patternProperties' in node;
    if (checksUnknown && typeof node.maxProperties !== 'number') found.push(`${pointer(at)}: an object with open properties and no maxProperties`);
    for (const key of SCHEMA_MAPS) {
      if (isSchema(node[key])) for (const [name, child] of Object.entries(node[key])) visit(child, [...at, key, name], false);
    }
    for (const key of PART_SCHEMAS) visit(node[key], [...at, key], false);
    if (Array.isArray(node.prefixItems)) node.prefixItems.forEach((child, i) => visit(child, [...at, 'prefixItems', String(i)], false));
    for (const key of SAME_VALUE_SCHEMAS) visit(node[key], [...at, key], bounded);
    for (const key of SAME_VALUE_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((child, i) => visit(child, [...at, key, String(i)], bounded));
    }
  };
  const root = files.byId.get(fileId);
  // A file of definitions only is checked where its definitions are used.
  if (root && !('$defs' in root && !('type' in root) && !('properties' in root))) visit(root, [], false);
  return found;
}

/**
 * The schema files that validate what a caller sends: the forms, the services' request bodies, the
 * profile patch and the stored profile every write is checked against. Definitions are checked
 * where they are used.
 */
export const validatesInput = (id: string): boolean =>
  id.startsWith('forms/') || id.endsWith('-request.schema.json') || id === 'api/profile-patch.schema.json' || id === 'api/profile.schema.json';
