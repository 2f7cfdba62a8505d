/*
 * Where each field of a form is described in the raw schema files. A field's rules may sit in
 * several places: its declaration in a parent's `properties`, the definitions its `$ref` and
 * `allOf` reach (shared by other fields and forms), and the `then`/`else` of a condition. Each such
 * place is an occurrence; the editor shows a rule where it lives, and a change names that place.
 */
import type { FormName } from '../../forms/definitions';
import { type Condition, conditionsOf, otherwise } from './conditions';
import { childPointer, formFile, isObject, type JsonObject, type NodeAt, nodeIn, nodeKey, type SchemaFiles } from './files';
import { refPlace } from './resolve-ref';

export interface Occurrence {
  /** The field's data path from the form's root, `/`-separated ('' for the form itself). */
  path: string;
  at: NodeAt;
  node: JsonObject;
  /** The conditions under which this place applies (none: always). */
  when: Condition[];
}

/** Every place that describes the form or one of its fields, in the order a validator meets them. */
export function walkForm(files: SchemaFiles, form: FormName): Occurrence[] {
  const out: Occurrence[] = [];
  const seen = new Set<string>();
  const visit = (at: NodeAt, path: string[], when: Condition[]) => {
    const node = nodeIn(files, at);
    if (!node) return;
    const guard = `${nodeKey(at)}@${path.join('/')}@${JSON.stringify(when)}`;
    if (seen.has(guard)) return;
    seen.add(guard);
    out.push({ path: path.join('/'), at, node, when });
    if (typeof node.$ref === 'string') visit(refPlace(node.$ref, at.file), path, when);
    if (isObject(node.properties)) {
      for (const key of Object.keys(node.properties)) visit({ file: at.file, pointer: childPointer(at.pointer, 'properties', key) }, [...path, key], when);
    }
    if (Array.isArray(node.allOf)) node.allOf.forEach((_, i) => visit({ file: at.file, pointer: childPointer(at.pointer, 'allOf', i) }, path, when));
    if (isObject(node.if)) {
      const conditions = conditionsOf(node.if, path);
      visit({ file: at.file, pointer: childPointer(at.pointer, 'then') }, path, [...when, ...conditions]);
      visit({ file: at.file, pointer: childPointer(at.pointer, 'else') }, path, [...when, ...otherwise(conditions)]);
    }
  };
  visit({ file: formFile(form), pointer: '' }, [], []);
  return out;
}

export interface FieldSummary {
  path: string;
  /** The JSON type the schema declares for it, if any. */
  type?: string;
  /** Whether it holds other fields (an object). */
  group: boolean;
  readOnly: boolean;
}

const typeOf = (node: JsonObject): string | undefined => (typeof node.type === 'string' ? node.type : undefined);

/** The fields of a form in schema order, groups included, with what the schema says of their kind. */
export function fieldsOf(occurrences: readonly Occurrence[]): FieldSummary[] {
  const byPath = new Map<string, FieldSummary>();
  for (const { path, node } of occurrences) {
    if (path === '') continue;
    const field = byPath.get(path) ?? { path, group: false, readOnly: false };
    field.type ??= typeOf(node);
    field.group ||= isObject(node.properties) || node.type === 'object';
    field.readOnly ||= node.readOnly === true;
    byPath.set(path, field);
  }
  return [...byPath.values()];
}

/** Where each place of the files is used: by node key, the forms and field paths that reach it. */
export type UseIndex = ReadonlyMap<string, readonly { form: FormName; path: string }[]>;

export function indexUses(files: SchemaFiles, forms: readonly FormName[]): UseIndex {
  const index = new Map<string, { form: FormName; path: string }[]>();
  for (const form of forms) {
    for (const { at, path } of walkForm(files, form)) {
      const key = nodeKey(at);
      const uses = index.get(key) ?? [];
      if (!uses.some((u) => u.form === form && u.path === path)) uses.push({ form, path });
      index.set(key, uses);
    }
  }
  return index;
}
