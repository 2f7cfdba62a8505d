import type { FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { resolveRef, type NodeRef } from './form-map';
import type { RuleFiles } from './rule-files';

// The stored counterpart of a form field, from the schemas themselves. Each form schema names, in
// its `x-storage` annotation, the schemas under schemas/api/ its data ends up in, and where a field
// is stored under another name or place (`"primaryAddress": "addresses/*"`; `*` is an array's
// items). A field keeps its name unless a mapping says otherwise. A rule change may not let a form
// accept a value its stored counterpart refuses (docs/admin-area.md): these are the bounds.

export interface StorageEntry {
  /** The api schema (`api/profile.schema.json`). */
  schema: string;
  /** Form data path prefix -> stored data path prefix (`/`-separated, `*` for array items). */
  paths?: Record<string, string>;
}

/** What the stored counterparts allow; a bound is absent when no counterpart has it. */
export interface StoredBounds {
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** Where the bounds come from (`api/profile.schema.json#addresses/*\/city`), for messages and the console. */
  sources: string[];
}

const isSchema = (value: unknown): value is JsonSchema => !!value && typeof value === 'object' && !Array.isArray(value);

/** The x-storage entries of a form schema ([] when it has none). */
export function storageEntries(formSchema: JsonSchema | undefined): StorageEntry[] {
  const raw = formSchema?.['x-storage'];
  if (!Array.isArray(raw)) return [];
  return raw.filter(isSchema).flatMap((entry) => {
    if (typeof entry.schema !== 'string') return [];
    const paths = isSchema(entry.paths) ? Object.fromEntries(Object.entries(entry.paths).filter(([, v]) => typeof v === 'string')) : undefined;
    return [{ schema: entry.schema, ...(paths ? { paths: paths as Record<string, string> } : {}) }];
  });
}

/** A form data path as stored under one entry: the longest mapped prefix replaced. */
export function storedPath(entry: StorageEntry, dataPath: string): string {
  const parts = dataPath.split('/');
  for (let n = parts.length; n > 0; n--) {
    const prefix = parts.slice(0, n).join('/');
    const mapped = entry.paths?.[prefix];
    if (mapped !== undefined) return [mapped, ...parts.slice(n)].filter(Boolean).join('/');
  }
  return dataPath;
}

/** Every schema node that applies to the value at a data path of a schema file (through $ref, allOf). */
export function schemaNodesAt(files: RuleFiles, file: string, dataPath: string): Array<{ file: string; node: JsonSchema }> {
  let current: Array<{ file: string; node: JsonSchema }> = [];
  const root = files.get(file);
  if (root) current = expand(files, file, root);
  for (const part of dataPath ? dataPath.split('/') : []) {
    const next: Array<{ file: string; node: JsonSchema }> = [];
    for (const { file: at, node } of current) {
      const child = part === '*' ? node.items : isSchema(node.properties) ? node.properties[part] : undefined;
      if (isSchema(child)) next.push(...expand(files, at, child));
    }
    current = next;
  }
  return current;
}

/** A node with the nodes its $ref and allOf apply to the same value. */
function expand(files: RuleFiles, file: string, node: JsonSchema, seen = new Set<JsonSchema>()): Array<{ file: string; node: JsonSchema }> {
  if (seen.has(node)) return [];
  seen.add(node);
  const out = [{ file, node }];
  if (typeof node.$ref === 'string') {
    const target = resolveRef(file, node.$ref);
    const resolved = target ? nodeAt(files, target) : undefined;
    if (target && resolved) out.push(...expand(files, target.file, resolved, seen));
  }
  if (Array.isArray(node.allOf)) for (const part of node.allOf) if (isSchema(part)) out.push(...expand(files, file, part, seen));
  return out;
}

function nodeAt(files: RuleFiles, ref: NodeRef): JsonSchema | undefined {
  let node: unknown = files.get(ref.file);
  for (const part of ref.pointer.split('/').slice(1)) node = isSchema(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isSchema(node) ? node : undefined;
}

const tighter = (a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number) =>
  a === undefined ? b : b === undefined ? a : pick(a, b);

/** The bounds the stored counterparts of one form field declare; undefined when none is found. */
export function storedBoundsOf(files: RuleFiles, form: FormName, dataPath: string): StoredBounds | undefined {
  let found: StoredBounds | undefined;
  for (const entry of storageEntries(files.get(`forms/${form}.schema.json`))) {
    const path = storedPath(entry, dataPath);
    const nodes = schemaNodesAt(files, entry.schema, path);
    if (nodes.length === 0) continue;
    found ??= { sources: [] };
    found.sources.push(`${entry.schema}#${path}`);
    for (const { node } of nodes) {
      if (typeof node.maxLength === 'number') found.maxLength = tighter(found.maxLength, node.maxLength, Math.min);
      if (typeof node.minimum === 'number') found.minimum = tighter(found.minimum, node.minimum, Math.max);
      if (typeof node.maximum === 'number') found.maximum = tighter(found.maximum, node.maximum, Math.min);
    }
  }
  return found;
}
