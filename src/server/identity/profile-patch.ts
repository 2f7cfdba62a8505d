import jsonPatch, { type Operation } from 'fast-json-patch';
import { renumber, type StoredProfile } from '../../shared/profile/view';
import { invalid, type FieldError } from '../errors';

/** Fields only the services themselves set: a patch that touches one is refused. */
export const PROTECTED_FIELDS = [
  'id',
  'ssoId',
  'email',
  'externalIds',
  'isBlocked',
  'isMinor',
  'consentApprovedDate',
  'authenticationSource',
  'iframeWebToken',
];

/** Property names that reach an object's prototype: never a path segment of a patch. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const decode = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const segments = (path: string): string[] => path.split('/').slice(1).map(decode);

function safeGet(document: unknown, pointer: string): unknown {
  try {
    return jsonPatch.getValueByPointer(document, pointer);
  } catch {
    return undefined;
  }
}

/** Refuses what a patch may not do before anything is applied: every problem at once. */
function checkOperations(patch: unknown[], allowedFields: Set<string>, lockedFields: Set<string>): void {
  const errors: FieldError[] = [];
  patch.forEach((op, i) => {
    const candidate = op as { op?: unknown; path?: unknown } | null;
    const path = typeof candidate?.path === 'string' ? candidate.path : '';
    const parts = segments(path);
    const field = parts[0] ?? '';
    if (!['add', 'remove', 'replace'].includes(String(candidate?.op)) || !path.startsWith('/') || parts.some((p) => PROTOTYPE_KEYS.has(p))) {
      errors.push({ path: `/${i}`, key: 'Validation.InvalidPatch' });
    } else if (PROTECTED_FIELDS.includes(field) || lockedFields.has(field)) {
      errors.push({ path, key: 'Validation.ReadOnly' });
    } else if (!allowedFields.has(field)) {
      errors.push({ path, key: 'Validation.UnknownField' });
    }
  });
  if (errors.length) throw invalid(errors);
}

/**
 * Applies a docs/behaviour.md#calls patch to a copy of the stored document. A replace at a key the document does
 * not have yet reads as add (the portal replaces top-level fields whether or not they were set).
 * Paths through __proto__, constructor or prototype are refused, and the library's own prototype
 * ban stays on.
 */
export function applyProfilePatch(document: StoredProfile, patch: unknown, allowedFields: Set<string>, lockedFields: Set<string> = new Set()): StoredProfile {
  if (!Array.isArray(patch)) throw invalid([{ path: '', key: 'Validation.InvalidPatch' }]);
  checkOperations(patch, allowedFields, lockedFields);
  let next = jsonPatch.deepClone(document) as StoredProfile;
  for (const [i, raw] of (patch as Operation[]).entries()) {
    let op = raw;
    if (op.op === 'replace') {
      const parentPath = op.path.slice(0, op.path.lastIndexOf('/'));
      const key = decode(op.path.slice(op.path.lastIndexOf('/') + 1));
      const parent = parentPath ? safeGet(next, parentPath) : next;
      if (parent && typeof parent === 'object' && !Array.isArray(parent) && !Object.hasOwn(parent, key)) {
        op = { op: 'add', path: op.path, value: op.value };
      }
    }
    try {
      next = jsonPatch.applyOperation(next, op, true, true, true, i).newDocument as StoredProfile;
    } catch {
      throw invalid([{ path: op.path, key: 'Validation.InvalidPatch' }]);
    }
  }
  return renumber(next);
}

/** Paths a patch touched, for the audit record. */
export const patchPaths = (patch: Operation[]): string[] => [...new Set(patch.map((op) => op.path))];
