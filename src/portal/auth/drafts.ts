/*
 * What a learner typed into a form, kept in this tab's session storage while it is being sent, so
 * that a session that ends under it (the token cannot be renewed: the portal signs in again, and the
 * page is left) does not lose it: back on the same page after the sign-in, the form opens with it.
 * Passwords and codes are never kept. A draft goes when the save succeeds, on Cancel, and on sign-out.
 * A draft belongs to the account that typed it: another account signing in in the same tab (the
 * session ended, someone else signed in) never sees it, and it is dropped.
 *
 * Use (useFormSubmission does it for a form given `draft`):
 *   saveDraft('profile', accountId, data);  takeDraft<ProfileView>('profile', accountId);  clearDraft('profile');
 */
const PREFIX = 'portal.draft.';
/** Field names never written down: passwords and one-time codes. */
const SECRET = /password$|^verificationCode$/i;

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !SECRET.test(key))
      .map(([key, inner]) => [key, withoutSecrets(inner)]),
  );
}

export function saveDraft(name: string, owner: string, data: unknown, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(PREFIX + name, JSON.stringify({ owner, data: withoutSecrets(data) }));
  } catch {
    // Storage full or refused: the form still works, only without this safety net.
  }
}

/** The draft `owner` kept under `name`; one kept by another account is dropped unread. */
export function takeDraft<T>(name: string, owner: string, storage: Storage = sessionStorage): T | undefined {
  try {
    const stored = JSON.parse(storage.getItem(PREFIX + name) ?? 'null') as { owner?: unknown; data?: T } | null;
    if (stored?.owner === owner) return stored.data;
    if (stored) clearDraft(name, storage);
    return undefined;
  } catch {
    return undefined;
  }
}

export function clearDraft(name: string, storage: Storage = sessionStorage): void {
  storage.removeItem(PREFIX + name);
}

export function clearAllDrafts(storage: Storage = sessionStorage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '');
  for (const key of keys) if (key.startsWith(PREFIX)) storage.removeItem(key);
}

/**
 * Runs `clear` (MSAL's clearCache, which removes every session-storage key that contains the client
 * id, and the demo's client id is "portal") and puts the drafts back afterwards.
 */
export async function keepingDrafts(clear: () => Promise<void>, storage: Storage = sessionStorage): Promise<void> {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? '').filter((key) => key.startsWith(PREFIX));
  const kept = keys.map((key) => [key, storage.getItem(key)] as const);
  try {
    await clear();
  } finally {
    for (const [key, value] of kept) if (value !== null) storage.setItem(key, value);
  }
}
