const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The learner's edits (`edited` against the `before` they started from) carried over onto `after`,
 * the profile as it now stands: what they changed wins, everything else takes the current value.
 */
export function rebase<T>(edited: T, before: T, after: T): T {
  if (isRecord(edited) && isRecord(before) && isRecord(after)) {
    const out: Record<string, unknown> = { ...after };
    for (const key of new Set([...Object.keys(edited), ...Object.keys(before)])) {
      out[key] = rebase(edited[key], before[key], after[key]);
    }
    return out as T;
  }
  return same(edited, before) ? after : edited;
}
