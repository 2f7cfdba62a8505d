import { createHash } from 'node:crypto';
import jsonPatch, { type Operation } from 'fast-json-patch';
import type { JsonSchema } from '../../shared/schemas/schema-types';

// A rules version is the base (the schema files the build ships) plus a list of changes, each one
// JSON Patch operation on one file (docs/admin-area.md). This module applies changes, names a set of
// files by its hash, and lists the changes between two sets. It knows nothing of what a change may
// do: that is draft-checks.ts.

/** The schema files by their path under schemas/ (`defs/address.schema.json`), parsed. */
export type RuleFiles = ReadonlyMap<string, JsonSchema>;

export type ChangeOp = 'add' | 'replace' | 'remove';

/** One change: a JSON Patch operation on one schema file. */
export interface RuleChange {
  file: string;
  op: ChangeOp;
  path: string;
  value?: unknown;
}

/** The folders a version may change; api/ (the services' request and stored shapes) never. */
export const EDITABLE_FOLDERS = ['forms', 'defs', 'ui'] as const;

export const isEditableFile = (files: RuleFiles, file: string): boolean =>
  files.has(file) && (EDITABLE_FOLDERS as readonly string[]).includes(file.split('/')[0] ?? '');

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The segments of a JSON Pointer (`/a/b~1c` -> ['a', 'b/c']), or null when it is not one. */
export function pointerSegments(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  const parts = pointer.slice(1).split('/');
  // `~` must be followed by 0 or 1 (RFC 6901).
  if (parts.some((part) => /~(?![01])/.test(part))) return null;
  const decoded = parts.map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return decoded.some((part) => PROTOTYPE_KEYS.has(part)) ? null : decoded;
}

export const pointerOf = (segments: readonly string[]): string => segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The value at a pointer, or undefined. */
export function valueAt(document: unknown, segments: readonly string[]): unknown {
  let node = document;
  for (const segment of segments) {
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(segment) ? node[Number(segment)] : undefined;
    else if (node && typeof node === 'object' && Object.hasOwn(node, segment)) node = (node as Record<string, unknown>)[segment];
    else return undefined;
  }
  return node;
}

export class ChangeNotApplicable extends Error {
  constructor(readonly index: number) {
    super(`Change ${index} cannot be applied`);
  }
}

/**
 * The files with the changes applied in order (the files not changed are shared, never copied).
 * A change whose path does not exist (or that fast-json-patch refuses) throws ChangeNotApplicable.
 */
export function applyChanges(files: RuleFiles, changes: readonly RuleChange[]): Map<string, JsonSchema> {
  const out = new Map(files);
  const copied = new Set<string>();
  changes.forEach((change, index) => {
    const file = out.get(change.file);
    if (!file || pointerSegments(change.path) === null || change.path === '') throw new ChangeNotApplicable(index);
    let document = file;
    if (!copied.has(change.file)) {
      document = structuredClone(file);
      copied.add(change.file);
      out.set(change.file, document);
    }
    const operation = (
      change.op === 'remove' ? { op: 'remove', path: change.path } : { op: change.op, path: change.path, value: structuredClone(change.value) }
    ) as Operation;
    try {
      jsonPatch.applyOperation(document, operation, true, true, true);
    } catch {
      throw new ChangeNotApplicable(index);
    }
  });
  return out;
}

/** JSON with every object's keys sorted: the same rules give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The editable files (forms, defs, ui), sorted by path. */
export const editableFiles = (files: RuleFiles): string[] => [...files.keys()].filter((file) => isEditableFile(files, file)).sort();

/**
 * The SHA-256 (hex) of the resolved editable files in canonical JSON: the same rules have the same
 * hash whatever version number carries them. The base has its own.
 */
export function rulesHash(files: RuleFiles): string {
  const hash = createHash('sha256');
  for (const file of editableFiles(files)) hash.update(`${file}\n${canonicalJson(files.get(file))}\n`);
  return hash.digest('hex');
}

/**
 * The changes that turn `before` into `after`, file by file (fast-json-patch's compare): a version's
 * changes against the base, or the diff between two versions.
 */
export function changesBetween(before: RuleFiles, after: RuleFiles): RuleChange[] {
  const changes: RuleChange[] = [];
  for (const file of editableFiles(after)) {
    const a = before.get(file);
    const b = after.get(file);
    if (!a || !b || a === b) continue;
    for (const op of jsonPatch.compare(a, b)) {
      if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') continue;
      changes.push(op.op === 'remove' ? { file, op: 'remove', path: op.path } : { file, op: op.op, path: op.path, value: op.value });
    }
  }
  return changes;
}

/** The files a list of changes touches. */
export const changedFiles = (changes: readonly RuleChange[]): string[] => [...new Set(changes.map((c) => c.file))].sort();
