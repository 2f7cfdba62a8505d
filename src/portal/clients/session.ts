/*
 * The signed-in session as the rest of the portal sees it.
 *
 * Use:
 *   const accountId = useAccountId();   // the `id` claim of the token: the account of the user
 * The app provides SessionContext after sign-in, so every route below the shell can rely on it.
 */
import { createContext, useContext } from 'react';

export interface Session {
  accountId: string;
  /** Display name and e-mail the identity provider gave; the profile is the source of truth. */
  name?: string;
  username?: string;
  /** The account's e-mail address (the ID token's email claim), shown while there is no profile. */
  email?: string;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionContext provider (the user is signed in)');
  return session;
}

export function useAccountId(): string {
  return useSession().accountId;
}
