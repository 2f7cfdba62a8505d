// The profile patch body of docs/behaviour.md#calls, built from the form view before and after an edit.
import {
  ADDRESS_FIELDS,
  DERIVED_VIEW_FIELDS,
  NAME_FIELDS,
  PHONE_FIELDS,
  STORED_ONLY_FIELDS,
  storedPositions,
  type AddressView,
  type Name,
  type PhoneView,
  type ProfileView,
  type StoredProfile,
} from './view';

export type PatchOperation = { op: 'add'; path: string; value: unknown } | { op: 'replace'; path: string; value: unknown } | { op: 'remove'; path: string };

export type ProfilePatch = PatchOperation[];

const NESTED_FIELDS = ['givenName', 'preferredName', 'preferences', ...DERIVED_VIEW_FIELDS, ...STORED_ONLY_FIELDS];

/** JSON Pointer escaping of one path segment (RFC 6901). */
export const pointerSegment = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The emptied-field rule, in one place: a form hands an emptied field back as `undefined` (or leaves
 * it out), and JSON drops `value: undefined`, so the patch sends the empty form of the field's type:
 * '' for text, false for a checkbox. Anything else that vanished is left as stored.
 */
function emptiedValue(before: unknown): unknown {
  if (typeof before === 'string') return '';
  if (typeof before === 'boolean') return false;
  return undefined;
}

const equal = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const blank = (value: unknown): boolean => value === undefined || value === null || value === '';

function nameOps(field: 'givenName' | 'preferredName', stored: StoredProfile, before: Name | undefined, after: Name | undefined): ProfilePatch {
  if (!after || equal(before, after)) return [];
  // No stored object to patch into: the whole name is set at once.
  if (!stored[field]) return [{ op: 'replace', path: `/${field}`, value: after }];
  const ops: ProfilePatch = [];
  // Both names loop over the given-name keys (the preferred-name caveat of docs/behaviour.md#the-profile-patch): a key that only
  // the preferred name has is never patched on its own.
  for (const key of NAME_FIELDS) {
    const value = after[key] ?? '';
    if (!equal(before?.[key] ?? '', value)) ops.push({ op: 'replace', path: `/${field}/${key}`, value });
  }
  return ops;
}

function preferenceOps(stored: StoredProfile, before: ProfileView, after: ProfileView): ProfilePatch {
  const next = after.preferences;
  if (!next || equal(before.preferences, next)) return [];
  if (!stored.preferences) return [{ op: 'replace', path: '/preferences', value: next }];
  const keys = new Set([...Object.keys(before.preferences ?? {}), ...Object.keys(next)]);
  return [...keys]
    .filter((key) => !equal(before.preferences?.[key], next[key]))
    .flatMap((key) => {
      const value = next[key] ?? emptiedValue(before.preferences?.[key]);
      return value === undefined ? [] : [{ op: 'replace' as const, path: `/preferences/${pointerSegment(key)}`, value }];
    });
}

function addressOps(stored: StoredProfile, before: AddressView | undefined, after: AddressView | undefined): ProfilePatch {
  if (!after || equal(before, after)) return [];
  const position = storedPositions(stored).primaryAddress;
  const addresses = stored.addresses ?? [];
  if (position >= 0) {
    const ops: ProfilePatch = ADDRESS_FIELDS.filter((key) => !equal(before?.[key] ?? '', after[key] ?? '')).map((key) => ({
      op: 'replace' as const,
      path: `/addresses/${position}/${key}`,
      value: after[key] ?? '',
    }));
    return ops;
  }
  const value: Record<string, unknown> = { index: addresses.length, isPrimary: true };
  for (const key of ADDRESS_FIELDS) if (!blank(after[key])) value[key] = after[key];
  return [{ op: 'add', path: '/addresses/-', value }];
}

type PhoneSlot = 'primaryPhoneNumber' | 'secondaryPhoneNumber' | 'mobilePhoneNumber';
const PHONE_SLOTS: PhoneSlot[] = ['primaryPhoneNumber', 'secondaryPhoneNumber', 'mobilePhoneNumber'];

/**
 * Phones: an existing phone with a number gets its fields replaced; one whose number was emptied is
 * removed; a new phone with a number is added. Removals come last, highest position first, so the
 * positions used by the other operations stay valid.
 */
function phoneOps(stored: StoredProfile, before: ProfileView, after: ProfileView): ProfilePatch {
  const positions = storedPositions(stored);
  const replaces: ProfilePatch = [];
  const adds: ProfilePatch = [];
  const removals: number[] = [];
  let nextIndex = (stored.phoneNumbers ?? []).length;
  for (const slot of PHONE_SLOTS) {
    const previous = before[slot] as PhoneView | undefined;
    const next = after[slot] as PhoneView | undefined;
    if (!next || equal(previous, next)) continue;
    const position = positions[slot];
    const isPrimary = slot === 'primaryPhoneNumber';
    if (position >= 0) {
      if (blank(next.phone)) {
        removals.push(position);
        continue;
      }
      for (const key of PHONE_FIELDS) {
        if (!equal(previous?.[key] ?? '', next[key] ?? '')) {
          replaces.push({ op: 'replace', path: `/phoneNumbers/${position}/${key}`, value: next[key] ?? '' });
        }
      }
      replaces.push({ op: 'replace', path: `/phoneNumbers/${position}/isPrimary`, value: isPrimary });
    } else if (!blank(next.phone)) {
      const value: Record<string, unknown> = { index: nextIndex++, isPrimary };
      for (const key of PHONE_FIELDS) if (!blank(next[key])) value[key] = next[key];
      adds.push({ op: 'add', path: '/phoneNumbers/-', value });
    }
  }
  const removes: ProfilePatch = [...new Set(removals)].sort((a, b) => b - a).map((position) => ({ op: 'remove', path: `/phoneNumbers/${position}` }));
  return [...replaces, ...adds, ...removes];
}

/**
 * The docs/behaviour.md#calls patch that turns `stored` into what the form shows in `after`, given the view
 * `before` the user edited. Fields equal in both views produce no operation.
 */
export function buildProfilePatch(stored: StoredProfile, before: ProfileView, after: ProfileView): ProfilePatch {
  const ops: ProfilePatch = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (NESTED_FIELDS.includes(key) || equal(before[key], after[key])) continue;
    const value = after[key] ?? emptiedValue(before[key]);
    if (value !== undefined) ops.push({ op: 'replace', path: `/${pointerSegment(key)}`, value });
  }
  ops.push(...nameOps('givenName', stored, before.givenName, after.givenName));
  ops.push(...nameOps('preferredName', stored, before.preferredName, after.preferredName));
  ops.push(...preferenceOps(stored, before, after));
  ops.push(...addressOps(stored, before.primaryAddress, after.primaryAddress));
  ops.push(...phoneOps(stored, before, after));
  return ops;
}
