/*
 * A value the portal has now, or will have once start-up settles: the session and the sign-out
 * functions arrive when MSAL has validated the sign-in, after the shell and the page's heading have
 * painted (src/portal/app/boot.tsx). A component reads it with `useEventually`, which suspends it
 * (React's `use`) until the value is there; the nearest Suspense boundary shows its fallback meanwhile.
 *
 * Use:
 *   const session = later<Session>();             // start-up: the promise goes into a context
 *   session.resolve({ accountId: 'a-1' });          // once MSAL has validated the sign-in
 *   const value = useEventually(useContext(Ctx));   // in a component: the value, or suspend
 * A plain value (unit tests, a session already there) is returned as it is.
 */
import { use } from 'react';

export type Eventually<T> = T | Promise<T>;

export interface Later<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

/**
 * A promise resolved from outside. Once resolved it carries React's `status`/`value` fields, so
 * `use` returns its value in the same render instead of suspending for a microtask first.
 */
export function later<T>(): Later<T> {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve)) as Promise<T> & { status?: string; value?: T };
  return {
    promise,
    resolve(value) {
      promise.status = 'fulfilled';
      promise.value = value;
      settle(value);
    },
  };
}

const isPromise = <T>(value: Eventually<T>): value is Promise<T> => typeof (value as { then?: unknown } | null)?.then === 'function';

/** The value, or suspends the component until the promise settles. */
export function useEventually<T>(value: Eventually<T>): T {
  return isPromise(value) ? use(value) : value;
}
