import { FORM_NAMES, type FormName } from '../../shared/schemas/form-names';
import type { JsonSchema } from '../../shared/schemas/schema-types';
import { UI_INCLUDE, uiIncludeId } from '../../shared/schemas/ui-include';
import { pointerOf, pointerSegments, valueAt, type RuleFiles } from './rule-files';

// Where each rule of each form lives. A form's schema reaches other files through $ref; a field's
// rules may sit in several of them (defs/address.schema.json's city with its lengths, and
// defs/latin1.schema.json's city with its characters), and in conditional branches (the postal
// code's pattern when the country is USA). Walking every form once gives, for every schema node,
// the forms and the data paths it applies to: what a rule change reaches, what the console lists,
// and where a field is stored (x-storage, storage.ts).

/** A schema node: its file under schemas/ and its JSON Pointer in that file. */
export interface NodeRef {
  file: string;
  pointer: string;
}

/** The branch a node applies under: the schema holding the `if` (its `then` or `else` leads here). */
export interface Condition extends NodeRef {
  branch: 'then' | 'else';
}

/** One schema node applying to one field of one form. */
export interface Occurrence extends NodeRef {
  form: FormName;
  /** The field's data path, `/`-separated from the form root (`primaryAddress/city`; '' is the form itself). */
  dataPath: string;
  /** The innermost condition the node applies under, if any. */
  condition?: Condition;
}

/** Where a ui file's root applies: a form, and the data path its entries are relative to. */
export interface UiPlace {
  form: FormName;
  dataPath: string;
}

export const nodeKey = (node: NodeRef): string => `${node.file}#${node.pointer}`;

const isSchema = (value: unknown): value is JsonSchema => !!value && typeof value === 'object' && !Array.isArray(value);

/** `../defs/name.schema.json#/$defs/given` from `forms/profile.schema.json`: the node it names. */
export function resolveRef(fromFile: string, ref: string): NodeRef | undefined {
  const hash = ref.indexOf('#');
  const path = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : decodeURIComponent(ref.slice(hash + 1));
  if (pointerSegments(fragment) === null) return undefined;
  if (!path) return { file: fromFile, pointer: fragment };
  const resolved = new URL(path, new URL(fromFile, 'schema:/')).pathname.replace(/^\//, '');
  return { file: resolved, pointer: fragment };
}

export const childPath = (dataPath: string, name: string): string => (dataPath ? `${dataPath}/${name}` : name);

/** The JSON types a schema node names for its value (its own `type`, `enum`, `const` and `properties`). */
export function ownTypes(node: JsonSchema): string[] {
  const types = new Set<string>();
  const type = node.type;
  for (const t of Array.isArray(type) ? type : type === undefined ? [] : [type]) if (typeof t === 'string') types.add(t === 'integer' ? 'number' : t);
  const values = [...(Array.isArray(node.enum) ? node.enum : []), ...('const' in node && !isSchema(node.const) ? [node.const] : [])];
  for (const value of values) types.add(typeof value === 'number' ? 'number' : typeof value);
  if (isSchema(node.properties)) types.add('object');
  return [...types];
}

export class FormMap {
  readonly occurrences: Occurrence[] = [];
  private readonly byNode = new Map<string, Occurrence[]>();
  private readonly fileForms = new Map<string, Set<FormName>>();
  private readonly types = new Map<string, Set<string>>(); // form + dataPath -> types
  private readonly children = new Map<string, Set<string>>(); // form + dataPath -> child names
  private readonly uiPlaces = new Map<string, UiPlace[]>(); // ui file -> where forms include it

  constructor(readonly files: RuleFiles) {
    for (const form of FORM_NAMES) {
      const file = `forms/${form}.schema.json`;
      if (!files.has(file)) continue;
      this.walk(form, { file, pointer: '' }, '', undefined, new Set());
      this.reach(`ui/${form}.ui.json`, form);
      this.walkUi(form, `ui/${form}.ui.json`, '', []);
    }
  }

  /** A ui file's entries apply to a form at a data path: its own file at '', an included one where it is included. */
  private walkUi(form: FormName, file: string, dataPath: string, seen: readonly string[]): void {
    if (seen.includes(file)) return;
    let places = this.uiPlaces.get(file);
    if (!places) this.uiPlaces.set(file, (places = []));
    if (places.some((p) => p.form === form && p.dataPath === dataPath)) return;
    places.push({ form, dataPath });
    this.reach(file, form);
    const visit = (node: unknown, at: string) => {
      if (!isSchema(node)) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === UI_INCLUDE && typeof value === 'string') this.walkUi(form, uiIncludeId(value), at, [...seen, file]);
        else if (!key.startsWith('ui:') && !key.startsWith('$') && key !== 'x-behaviours') visit(value, childPath(at, key));
      }
    };
    visit(this.files.get(file), dataPath);
  }

  /** Where a ui file applies: each form that shows it and the data path its root stands for. */
  uiPlacesOf(file: string): readonly UiPlace[] {
    return this.uiPlaces.get(file) ?? [];
  }

  /** The node a ref leads to, in these files. */
  node(ref: NodeRef): JsonSchema | undefined {
    const segments = pointerSegments(ref.pointer);
    const value = segments ? valueAt(this.files.get(ref.file), segments) : undefined;
    return isSchema(value) ? value : undefined;
  }

  private reach(file: string, form: FormName): void {
    let forms = this.fileForms.get(file);
    if (!forms) this.fileForms.set(file, (forms = new Set()));
    forms.add(form);
  }

  private add<T>(map: Map<string, Set<T>>, key: string, value: T): void {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(value);
  }

  private walk(form: FormName, at: NodeRef, dataPath: string, condition: Condition | undefined, seen: Set<string>): void {
    const seenKey = `${nodeKey(at)}@${dataPath}`;
    if (seen.has(seenKey)) return;
    seen.add(seenKey);
    const node = this.node(at);
    if (!node) return;
    const occurrence: Occurrence = { form, ...at, dataPath, ...(condition ? { condition } : {}) };
    this.occurrences.push(occurrence);
    const list = this.byNode.get(nodeKey(at));
    if (list) list.push(occurrence);
    else this.byNode.set(nodeKey(at), [occurrence]);
    this.reach(at.file, form);
    for (const type of ownTypes(node)) this.add(this.types, `${form}:${dataPath}`, type);

    const segments = pointerSegments(at.pointer) ?? [];
    const below = (...more: string[]): NodeRef => ({ file: at.file, pointer: pointerOf([...segments, ...more]) });
    if (typeof node.$ref === 'string') {
      const target = resolveRef(at.file, node.$ref);
      if (target) this.walk(form, target, dataPath, condition, seen);
    }
    if (isSchema(node.properties)) {
      for (const name of Object.keys(node.properties)) {
        this.add(this.children, `${form}:${dataPath}`, name);
        this.walk(form, below('properties', name), childPath(dataPath, name), condition, seen);
      }
    }
    if (Array.isArray(node.allOf)) node.allOf.forEach((_part, i) => this.walk(form, below('allOf', String(i)), dataPath, condition, seen));
    for (const branch of ['then', 'else'] as const) {
      if (isSchema(node[branch])) this.walk(form, below(branch), dataPath, { ...at, branch }, seen);
    }
    if (isSchema(node.items)) this.walk(form, below('items'), childPath(dataPath, '*'), condition, seen);
  }

  /** Every occurrence of a node (which forms, at which data paths); empty when no form reaches it. */
  at(ref: NodeRef): Occurrence[] {
    return this.byNode.get(nodeKey(ref)) ?? [];
  }

  /** The forms a file reaches (a ui file reaches its own form). */
  formsReached(file: string): FormName[] {
    return FORM_NAMES.filter((form) => this.fileForms.get(file)?.has(form));
  }

  /** The JSON types the nodes at a data path of a form name (object, string, number, boolean). */
  typesAt(form: FormName, dataPath: string): string[] {
    return [...(this.types.get(`${form}:${dataPath}`) ?? [])];
  }

  /** The fields declared under a data path of a form, in any branch. */
  childrenOf(form: FormName, dataPath: string): string[] {
    return [...(this.children.get(`${form}:${dataPath}`) ?? [])];
  }

  /** The data paths of a form's fields (every path a node applies to, but the form root), in walk order. */
  dataPaths(form: FormName): string[] {
    return [...new Set(this.occurrences.filter((o) => o.form === form && o.dataPath !== '').map((o) => o.dataPath))];
  }
}
