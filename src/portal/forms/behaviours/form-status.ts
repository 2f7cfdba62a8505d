import { createContext, useContext, useSyncExternalStore } from 'react';

export interface FormStatus {
  /** Some field changed since the form was loaded or reset. */
  edited: boolean;
  /** The onSubmit promise has not settled yet. */
  submitting: boolean;
  /** The last submit attempt found the form invalid. */
  invalidSubmit: boolean;
}

const INITIAL: FormStatus = { edited: false, submitting: false, invalidSubmit: false };

/**
 * Status of one form kept outside React state, so only the buttons and notices that read it
 * re-render, and an update made inside a field's change event commits together with RJSF's.
 */
export function createFormStatusStore() {
  let status = INITIAL;
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(patch: Partial<FormStatus>) {
      const next = { ...status, ...patch };
      if (next.edited === status.edited && next.submitting === status.submitting && next.invalidSubmit === status.invalidSubmit) return;
      status = next;
      for (const l of listeners) l();
    },
    reset() {
      this.set(INITIAL);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type FormStatusStore = ReturnType<typeof createFormStatusStore>;

export const FormStatusContext = createContext<FormStatusStore | undefined>(undefined);

export function useFormStatus(): FormStatus {
  const store = useContext(FormStatusContext);
  if (!store) throw new Error('useFormStatus is used outside a SchemaForm');
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
