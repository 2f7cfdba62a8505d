/*
 * Which rules version the learner's forms validate with (docs/admin-area.md, "Live, everywhere"):
 * null while the base is in force (the validators precompiled at build time), else the hash of the
 * version the services publish, whose validators the services compiled (/rules/<hash>/forms/<form>.js).
 * Set from the portal configuration at start, and from every answer's x-rules-version afterwards.
 *
 * Use:
 *   initRulesVersion(config);                          // boot
 *   observeRulesVersion(response.headers.get('x-rules-version'));   // client.ts, every answer
 *   const hash = useSyncExternalStore(subscribeRulesVersion, rulesVersion);
 */
let baseHash: string | null = null;
let current: string | null = null;
const listeners = new Set<() => void>();

const HASH = /^[0-9a-f]{64}$/;

export function initRulesVersion(config: { rulesHash?: string | null; rulesBaseHash?: string | null }): void {
  baseHash = typeof config.rulesBaseHash === 'string' && HASH.test(config.rulesBaseHash) ? config.rulesBaseHash : null;
  current = typeof config.rulesHash === 'string' && HASH.test(config.rulesHash) && config.rulesHash !== baseHash ? config.rulesHash : null;
}

/** An answer's x-rules-version: a hash other than the one in use switches the forms to it (the base's: back to the build's). */
export function observeRulesVersion(header: string | null | undefined): void {
  // Without the base's hash the portal cannot tell the base from a version: it keeps what it has.
  if (!header || !HASH.test(header) || baseHash === null) return;
  const next = header === baseHash ? null : header;
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

export const rulesVersion = (): string | null => current;

export function subscribeRulesVersion(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
