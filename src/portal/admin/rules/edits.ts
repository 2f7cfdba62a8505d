/*
 * What each control of the rule editor does to a draft: the values it sets, as (file, path, value)
 * edits that `setValues` turns into the draft's changes. One action may set several values (making a
 * text field required also asks for at least one character, as empty text counts as missing).
 */
import { isObject, type NodeAt, nodeIn, type SchemaFiles, valueAt } from '../schema/files';
import { type FieldView, type MessageAt, type RuleKeyword, type RuleSet, withMessage } from '../schema/field-view';
import { keywordPath } from './changes';

export interface Edit {
  file: string;
  path: string;
  /** undefined: the keyword goes. */
  value: unknown;
}

const edit = (at: NodeAt, keyword: string, value: unknown): Edit => ({ file: at.file, path: keywordPath(at, keyword), value });

/** A rule's value at one place (undefined removes the keyword there). */
export function setRule(set: Pick<RuleSet, 'at'>, keyword: RuleKeyword, value: unknown): Edit[] {
  return [edit(set.at, keyword, value)];
}

/** The message key of a rule at its place. */
export function setMessage(files: SchemaFiles, message: MessageAt, key: string): Edit[] {
  const node = nodeIn(files, message.at) ?? {};
  return [edit(message.at, 'errorMessage', withMessage(node.errorMessage, message, key))];
}

export const REQUIRED_MESSAGE = 'Validation.Required';

/**
 * The field required or not. Only a requirement the base does not have can be undone. A text field
 * made required also needs at least one character (the forms count empty text as missing), with the
 * required message; undoing puts its declaration back as the base has it.
 */
export function setRequired(view: FieldView, files: SchemaFiles, base: SchemaFiles, required: boolean): Edit[] {
  const { holder } = view.required;
  if (!holder || (!required && view.required.base)) return [];
  const edits: Edit[] = [];
  const list = view.required.list.filter((name) => name !== view.name);
  const baseHolder = nodeIn(base, holder);
  const nextList = required ? [...list, view.name] : list;
  edits.push(edit(holder, 'required', nextList.length === 0 && baseHolder?.required === undefined ? undefined : nextList));
  if (view.type === 'string') {
    const home = nodeIn(files, view.home) ?? {};
    const baseHome = nodeIn(base, view.home) ?? {};
    const declared = JSON.stringify(view.ruleSets.find((set) => set.home)?.when ?? []);
    const hasMinimum = view.ruleSets.some(
      (set) => JSON.stringify(set.when) === declared && typeof set.values.minLength === 'number' && set.values.minLength >= 1,
    );
    if (required && !hasMinimum) {
      edits.push(edit(view.home, 'minLength', 1));
      edits.push(edit(view.home, 'errorMessage', withMessage(home.errorMessage, { keyword: 'minLength' }, REQUIRED_MESSAGE)));
    } else if (!required) {
      edits.push(edit(view.home, 'minLength', baseHome.minLength));
      edits.push(edit(view.home, 'errorMessage', withoutEntry(home.errorMessage, baseHome.errorMessage, 'minLength')));
    }
  }
  return edits;
}

/** The `errorMessage` without a keyword's entry the base does not have (a lone fallback folds back to a single key). */
function withoutEntry(current: unknown, base: unknown, keyword: string): unknown {
  if (!isObject(current) || (isObject(base) && keyword in base)) return current;
  const { [keyword]: _dropped, ...rest } = current;
  const keys = Object.keys(rest);
  if (keys.length === 0) return base;
  if (keys.length === 1 && keys[0] === '_' && typeof rest._ === 'string' && (base === undefined || typeof base === 'string')) return rest._;
  return rest;
}

/**
 * The values the field allows: a list at its declaration narrows what its other places allow. The
 * list chosen equal to that inherited list leaves the declaration without one.
 */
export function setAllowedValues(view: FieldView, base: SchemaFiles, chosen: readonly unknown[]): Edit[] {
  const order = view.baseList ?? view.inheritedList ?? [];
  const list = order.filter((value) => chosen.includes(value));
  const inherited = view.inheritedList;
  const baseHome = nodeIn(base, view.home);
  const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  if (inherited && baseHome?.enum === undefined && same(list, inherited)) return [edit(view.home, 'enum', undefined)];
  return [edit(view.home, 'enum', list)];
}

/** The field one place up (-1) or down (1) in its group's declared order; none at either end. */
export function moveInOrder(view: FieldView, direction: -1 | 1): Edit[] {
  const list = view.order.list;
  if (!list) return [];
  const index = list.indexOf(view.name);
  if (index < 0) return [];
  let target = index + direction;
  while (target >= 0 && target < list.length && list[target] === '*') target += direction;
  if (target < 0 || target >= list.length) return [];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return [edit(view.order.at, 'ui:order', next)];
}

/** Whether the field can move that way in its order. */
export function canMove(view: FieldView, direction: -1 | 1): boolean {
  return moveInOrder(view, direction).length > 0;
}

/** The value a place has for a keyword in the files (for "was"). */
export const valueOf = (files: SchemaFiles, at: NodeAt, keyword: string) => valueAt(files[at.file], keywordPath(at, keyword));
