/*
 * Whether "show keys" is on (docs/texts.md#show-keys): a tool of the localisation role only. The wish
 * is kept for the tab's session; it takes effect only for an account whose token carries the role,
 * so a learner who sets the stored value by hand still sees no keys.
 *
 * Use:
 *   const on = useShowKeys(roles);       // false for any account without the localisation role
 *   setShowKeys(true);                   // the profile menu's toggle
 */
import { useSyncExternalStore } from 'react';
import type { AdminRole } from '../../auth/roles';

const STORAGE_KEY = 'portal.showKeys';
const listeners = new Set<() => void>();

function wanted(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Keys may be shown to an account with the localisation role, and to no other. */
export const mayShowKeys = (roles: readonly AdminRole[]): boolean => roles.includes('localisation');

/** Turns the mode on or off for this tab. */
export function setShowKeys(on: boolean): void {
  if (on) sessionStorage.setItem(STORAGE_KEY, 'on');
  else sessionStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether keys are shown: asked for in this tab, and allowed to the account's roles. */
export function useShowKeys(roles: readonly AdminRole[]): boolean {
  const on = useSyncExternalStore(subscribe, wanted, () => false);
  return on && mayShowKeys(roles);
}
