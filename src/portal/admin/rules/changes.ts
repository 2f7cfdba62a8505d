/*
 * A draft's changes, each a JSON Patch operation (RFC 6902) on one schema file, as
 * docs/admin-area.md defines them: `{ file: 'defs/address.schema.json', op: 'replace',
 * path: '/properties/city/maxLength', value: 20 }`. The editor changes whole keywords (a list such as
 * `required` or `enum` is replaced as a whole), at most one change per file and path, each relative to
 * the published version the draft is based on.
 */
import { _areEquals, applyOperation, deepClone, type Operation } from 'fast-json-patch';
import { childPointer, type NodeAt, type SchemaFiles, valueAt } from '../schema/files';

export interface RuleChange {
  file: string;
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

export interface Draft {
  /** Why: required before the draft is saved, shown in the version's history. */
  reason: string;
  changes: RuleChange[];
}

export const EMPTY_DRAFT: Draft = { reason: '', changes: [] };

/** The path of a keyword of a place. */
export const keywordPath = (at: NodeAt, keyword: string) => childPointer(at.pointer, keyword);

const sameTarget = (a: Pick<RuleChange, 'file' | 'path'>, b: Pick<RuleChange, 'file' | 'path'>) => a.file === b.file && a.path === b.path;

/**
 * The changes with the value at `file`/`path` set to `value` (undefined: no such keyword), relative
 * to the published files: `add` where the published file has nothing, `replace` or `remove` where it
 * has a value; a value equal to the published one leaves no change.
 */
export function setValue(changes: readonly RuleChange[], published: SchemaFiles, file: string, path: string, value: unknown): RuleChange[] {
  const before = valueAt(published[file], path);
  let change: RuleChange | undefined;
  if (value === undefined) change = before === undefined ? undefined : { file, op: 'remove', path };
  else if (before === undefined) change = { file, op: 'add', path, value };
  else if (!_areEquals(before, value)) change = { file, op: 'replace', path, value };
  const index = changes.findIndex((c) => sameTarget(c, { file, path }));
  if (index < 0) return change ? [...changes, change] : [...changes];
  const next = [...changes];
  if (change) next[index] = change;
  else next.splice(index, 1);
  return next;
}

/** Several values set at once (one user action may touch a list and a keyword). */
export function setValues(
  changes: readonly RuleChange[],
  published: SchemaFiles,
  edits: readonly { file: string; path: string; value: unknown }[],
): RuleChange[] {
  return edits.reduce<RuleChange[]>((acc, edit) => setValue(acc, published, edit.file, edit.path, edit.value), [...changes]);
}

/** A change that does not apply (its file is unknown, or its path does not exist), with why. */
export class ChangeNotApplicable extends Error {
  constructor(
    readonly change: RuleChange,
    cause: unknown,
  ) {
    super(`${change.op} ${change.file}${change.path}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** The files with the changes applied; the given files are left as they are. */
export function applyChanges(files: SchemaFiles, changes: readonly RuleChange[]): SchemaFiles {
  const out: Record<string, Record<string, unknown>> = { ...files };
  const copied = new Set<string>();
  for (const change of changes) {
    const document = out[change.file];
    if (!document) throw new ChangeNotApplicable(change, new Error('no such file'));
    if (!copied.has(change.file)) {
      out[change.file] = deepClone(document) as Record<string, unknown>;
      copied.add(change.file);
    }
    const operation = { op: change.op, path: change.path, ...(change.op === 'remove' ? {} : { value: change.value }) } as Operation;
    try {
      // Validated (the path must exist for replace and remove), applied to the copy.
      applyOperation(out[change.file], operation, true, true, true);
    } catch (error) {
      throw new ChangeNotApplicable(change, error);
    }
  }
  return out;
}

/** The changes that still apply to the files, in order (a draft kept across a change of the files). */
export function applicableChanges(files: SchemaFiles, changes: readonly RuleChange[]): RuleChange[] {
  const kept: RuleChange[] = [];
  for (const change of changes) {
    try {
      applyChanges(files, [...kept, change]);
      kept.push(change);
    } catch {
      // dropped
    }
  }
  return kept;
}

/** The value a change's path had in the published files (for "was … now …"). */
export const publishedValue = (published: SchemaFiles, change: Pick<RuleChange, 'file' | 'path'>) => valueAt(published[change.file], change.path);
