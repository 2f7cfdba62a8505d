/*
 * The signed-in session as the rest of the portal sees it.
 *
 * Use:
 *   const accountId = useAccountId();   // the `id` claim of the token: the account of the user
 * The app provides SessionContext from its first render; until MSAL has validated the sign-in it
 * holds a promise, and a component that reads the session waits (suspends) under the nearest Suspense
 * boundary: the shell's personal parts and each page (src/portal/app/routes.tsx), whose fallback is
 * the page's frame. So nothing personal, and no call to the services, comes before the session.
 */
import { createContext, useContext } from 'react';
import { type Eventually, useEventually } from './eventually';

export interface Session {
  accountId: string;
  /** Display name and e-mail the identity provider gave; the profile is the source of truth. */
  name?: string;
  username?: string;
  /** The account's e-mail address (the ID token's email claim), shown while there is no profile. */
  email?: string;
}

export const SessionContext = createContext<Eventually<Session> | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionContext provider (the user is signed in)');
  return useEventually(session);
}

/** The session, or undefined outside one (the admin area's form gallery renders forms without it). */
export function useOptionalSession(): Session | undefined {
  const session = useContext(SessionContext);
  return session ? useEventually(session) : undefined;
}

export function useAccountId(): string {
  return useSession().accountId;
}
