import type { JsonSchema } from './schema-types';

const MAX_DEPTH = 6;
const SAME_VALUE = ['allOf', 'anyOf', 'oneOf'];

const isSchema = (value: unknown): value is JsonSchema => !!value && typeof value === 'object' && !Array.isArray(value);

/** The node a local `$ref` (`#/$defs/address/$defs/city`) points at in `root`. */
function follow(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    node = isSchema(node) ? node[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return isSchema(node) ? node : undefined;
}

/**
 * Every data path of a bundled form schema (`src/shared/schemas/bundle.ts`), `/`-separated and
 * relative to the form root: `company`, `primaryAddress`, `primaryAddress/city`, with the fields
 * that exist only under a condition. A path outside this set is not a field of the form.
 */
export function fieldPaths(root: JsonSchema): Set<string> {
  const paths = new Set<string>();
  const visit = (node: unknown, prefix: string, depth: number): void => {
    if (!isSchema(node) || depth > MAX_DEPTH) return;
    if (typeof node.$ref === 'string') visit(follow(root, node.$ref), prefix, depth + 1);
    if (isSchema(node.properties)) {
      for (const [name, child] of Object.entries(node.properties)) {
        const path = prefix ? `${prefix}/${name}` : name;
        paths.add(path);
        visit(child, path, depth + 1);
      }
    }
    for (const key of SAME_VALUE) if (Array.isArray(node[key])) for (const part of node[key]) visit(part, prefix, depth + 1);
    for (const key of ['then', 'else']) visit(node[key], prefix, depth + 1);
  };
  visit(root, '', 0);
  return paths;
}
