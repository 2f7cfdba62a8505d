/*
 * Whether an account has closed the onboarding cards, kept in this browser's localStorage under one
 * namespaced key per account id (README: why not the server). Storage can be refused (private modes,
 * policies): then the dismissal holds in memory for the rest of the page's life.
 *
 * Use:
 *   const [dismissed, dismiss] = useOnboardingDismissal(accountId);
 */
import { useCallback, useSyncExternalStore } from 'react';

const KEY_PREFIX = 'certportal:onboarding:v1:dismissed:';

export const dismissalKey = (accountId: string) => `${KEY_PREFIX}${accountId}`;

const inMemory = new Set<string>();
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function isOnboardingDismissed(accountId: string): boolean {
  if (inMemory.has(accountId)) return true;
  try {
    return storage()?.getItem(dismissalKey(accountId)) != null;
  } catch {
    return false;
  }
}

export function dismissOnboarding(accountId: string, now: Date = new Date()): void {
  inMemory.add(accountId);
  try {
    storage()?.setItem(dismissalKey(accountId), now.toISOString());
  } catch {
    // Refused or full: the in-memory mark keeps the cards closed until the page is left.
  }
  for (const listener of listeners) listener();
}

// Another tab closing the cards closes them here too (the storage event fires in other tabs only).
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useOnboardingDismissal(accountId: string): [dismissed: boolean, dismiss: () => void] {
  const dismissed = useSyncExternalStore(subscribe, () => isOnboardingDismissed(accountId));
  const dismiss = useCallback(() => dismissOnboarding(accountId), [accountId]);
  return [dismissed, dismiss];
}

/** For tests: forget the in-memory marks (localStorage is cleared by the test itself). */
export function resetOnboardingMemory(): void {
  inMemory.clear();
}
