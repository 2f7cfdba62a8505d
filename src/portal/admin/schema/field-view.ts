/*
 * One field of one form as the rule editor shows it: each rule where it lives (file and pointer),
 * under which conditions it applies, its message key, whether the field is required and where that
 * is declared, its allowed values from the base list and its place in the declared order.
 * Read from the raw schema files (the published version, and the base for what a draft may not undo).
 */
import type { FormName } from '../../forms/definitions';
import type { Condition } from './conditions';
import { childPointer, isObject, type JsonObject, type NodeAt, nodeIn, resolvedUi, type SchemaFiles, uiHome, valueAt } from './files';
import { type Occurrence, walkForm } from './walk';

/** The keywords of a field a draft may change (docs/admin-area.md), besides `required` and messages. */
export const RULE_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'enum', 'minimum', 'maximum'] as const;
export type RuleKeyword = (typeof RULE_KEYWORDS)[number];

/** Which keywords a field of a type can carry. */
export function keywordsFor(type: string | undefined): RuleKeyword[] {
  if (type === 'string') return ['minLength', 'maxLength', 'pattern', 'enum'];
  if (type === 'number' || type === 'integer') return ['minimum', 'maximum', 'enum'];
  return [];
}

/** A message key of a rule: which `errorMessage` of which place gives it. */
export interface MessageAt {
  at: NodeAt;
  /** The keyword whose errors it names ('required' for a missing field). */
  keyword: string;
  /** For `required`: the missing property, when the message is given per property. */
  property?: string;
  key: string | undefined;
}

/** The rules one place holds for the field. */
export interface RuleSet {
  at: NodeAt;
  when: Condition[];
  /** The field's own declaration (new rules are added here). */
  home: boolean;
  values: Partial<Record<RuleKeyword, unknown>>;
}

export interface RequiredView {
  /** Required whenever the field is shown. */
  value: boolean;
  /** Required in the base: code typed at build time relies on it, so no draft may undo it. */
  base: boolean;
  /** The place whose `required` list names the field (or would). */
  holder?: NodeAt;
  list: string[];
  /** Conditions under which it is required besides (each a list that must all hold). */
  when: Condition[][];
  message?: MessageAt;
}

export interface OrderView {
  /** The ui file place whose `ui:order` lists the field's group. */
  at: NodeAt;
  list: string[] | undefined;
  /** Whether the group lays its fields out in rows (`ui:options.layout`). */
  rows: boolean;
}

export interface FieldView {
  form: FormName;
  path: string;
  name: string;
  type?: string;
  readOnly: boolean;
  home: NodeAt;
  ruleSets: RuleSet[];
  required: RequiredView;
  /** The values the base allows (from the base files), when the field has a list. */
  baseList?: unknown[];
  /** The list the field's other places allow (a list at its declaration narrows it). */
  inheritedList?: unknown[];
  order: OrderView;
  /** The ui options of the field (label and help keys, widget options). */
  uiOptions: JsonObject;
  uiWidget?: string;
}

const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const sameWhen = (a: Condition[], b: Condition[]) => JSON.stringify(a) === JSON.stringify(b);

/** The message key an `errorMessage` gives a keyword's errors at a place. */
export function messageOf(node: JsonObject, at: NodeAt, keyword: string, property?: string): MessageAt {
  const errorMessage = node.errorMessage;
  let key: string | undefined;
  if (typeof errorMessage === 'string') key = errorMessage;
  else if (isObject(errorMessage)) {
    const entry = errorMessage[keyword];
    if (typeof entry === 'string') key = entry;
    else if (isObject(entry) && property && typeof entry[property] === 'string') key = entry[property];
    else if (typeof errorMessage._ === 'string') key = errorMessage._;
  }
  return { at, keyword, ...(property ? { property } : {}), key };
}

/**
 * The `errorMessage` a place gets when a keyword's message becomes `key`: a single message becomes
 * the fallback (`_`) beside the keyword's own, so the place's other rules keep theirs.
 */
export function withMessage(errorMessage: unknown, message: Pick<MessageAt, 'keyword' | 'property'>, key: string): unknown {
  const { keyword, property } = message;
  if (typeof errorMessage === 'string') {
    if (errorMessage === key) return errorMessage;
    return { [keyword]: key, _: errorMessage };
  }
  const current = isObject(errorMessage) ? errorMessage : {};
  const entry = current[keyword];
  if (property && isObject(entry)) return { ...current, [keyword]: { ...entry, [property]: key } };
  return { ...current, [keyword]: key };
}

const listOf = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);
const intersect = (a: unknown[] | undefined, b: unknown[] | undefined) => (a && b ? a.filter((v) => b.includes(v)) : (a ?? b));

function requiredView(files: SchemaFiles, occurrences: readonly Occurrence[], path: string, declaredWhen: Condition[]): Omit<RequiredView, 'base'> {
  const name = nameOf(path);
  const parents = occurrences.filter((o) => o.path === parentOf(path));
  const names = (o: Occurrence) => (Array.isArray(o.node.required) ? o.node.required.filter((n): n is string => typeof n === 'string') : []);
  // The field's name goes into the list of the place that declares it (under the same conditions
  // as the field itself), or of the first such place with a list.
  const declaring = parents.filter((o) => isObject(o.node.properties) && Object.hasOwn(o.node.properties, name) && sameWhen(o.when, declaredWhen));
  const holderOccurrence = declaring.find((o) => names(o).includes(name)) ?? declaring.find((o) => Array.isArray(o.node.required)) ?? declaring[0];
  const always = parents.filter((o) => sameWhen(o.when, declaredWhen) && names(o).includes(name));
  const conditional = parents.filter((o) => !sameWhen(o.when, declaredWhen) && names(o).includes(name));
  const holder = holderOccurrence?.at;
  const messagePlace = always[0] ?? holderOccurrence;
  return {
    value: always.length > 0,
    holder,
    list: holderOccurrence ? names(holderOccurrence) : [],
    when: conditional.map((o) => o.when),
    ...(messagePlace ? { message: messageOf(nodeIn(files, messagePlace.at) ?? {}, messagePlace.at, 'required', name) } : {}),
  };
}

function uiNodeAt(path: string): string {
  const parent = parentOf(path);
  return parent === '' ? '' : childPointer('', ...parent.split('/'));
}

/** The field as the editor shows it, read from `files`; `base` decides what no draft may undo. */
export function fieldView(files: SchemaFiles, base: SchemaFiles, form: FormName, path: string): FieldView | undefined {
  const occurrences = walkForm(files, form);
  const own = occurrences.filter((o) => o.path === path);
  const declaration = own[0];
  if (!declaration) return undefined;
  const type = own.map((o) => o.node.type).find((t): t is string => typeof t === 'string');
  const ruleSets: RuleSet[] = own
    .map((o, i) => ({
      at: o.at,
      when: o.when,
      home: i === 0,
      values: Object.fromEntries(RULE_KEYWORDS.filter((k) => k in o.node).map((k) => [k, o.node[k]])) as RuleSet['values'],
    }))
    .filter((set) => set.home || Object.keys(set.values).length > 0);

  const baseOccurrences = walkForm(base, form);
  const baseOwn = baseOccurrences.filter((o) => o.path === path);
  const baseRequired = baseOwn[0] ? requiredView(base, baseOccurrences, path, baseOwn[0].when).value : false;
  // The base list: the lists of the field's places in the base, taken together.
  const baseLists = baseOwn.filter((o) => sameWhen(o.when, declaration.when)).map((o) => listOf(o.node.enum));
  const baseList = baseLists.reduce<unknown[] | undefined>((acc, list) => intersect(acc, list), undefined);
  const inheritedList = own
    .slice(1)
    .filter((o) => sameWhen(o.when, declaration.when))
    .map((o) => listOf(o.node.enum))
    .reduce<unknown[] | undefined>((acc, list) => intersect(acc, list), undefined);

  const ui = resolvedUi(files, form);
  // The group whose ui:order holds the field, in the file that writes that order.
  const orderHome = uiHome(files, form, `${uiNodeAt(path)}/ui:order`);
  const orderAt = { file: orderHome.file, pointer: orderHome.pointer.replace(/\/ui:order$/, '') };
  const uiGroup = valueAt(ui, uiNodeAt(path));
  const uiField = valueAt(ui, childPointer('', ...path.split('/')));
  const groupOptions = isObject(uiGroup) && isObject(uiGroup['ui:options']) ? uiGroup['ui:options'] : {};
  return {
    form,
    path,
    name: nameOf(path),
    ...(type ? { type } : {}),
    readOnly: own.some((o) => o.node.readOnly === true),
    home: declaration.at,
    ruleSets,
    required: { ...requiredView(files, occurrences, path, declaration.when), base: baseRequired },
    ...(baseList ? { baseList } : {}),
    ...(inheritedList ? { inheritedList } : {}),
    order: {
      at: orderAt,
      list: isObject(uiGroup) && Array.isArray(uiGroup['ui:order']) ? (uiGroup['ui:order'] as string[]) : undefined,
      rows: Array.isArray(groupOptions.layout),
    },
    uiOptions: isObject(uiField) && isObject(uiField['ui:options']) ? uiField['ui:options'] : {},
    ...(isObject(uiField) && typeof uiField['ui:widget'] === 'string' ? { uiWidget: uiField['ui:widget'] } : {}),
  };
}

/** The message of a rule at a place (the place's own `errorMessage`: ajv-errors maps no other). */
export function ruleMessage(files: SchemaFiles, at: NodeAt, keyword: string): MessageAt {
  return messageOf(nodeIn(files, at) ?? {}, at, keyword);
}
