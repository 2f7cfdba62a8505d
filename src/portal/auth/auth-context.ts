/*
 * The MSAL instance and config for components that sign out or need tokens directly.
 * Use: const { signOutTo } = useAuth(); signOutTo('/');
 * Like the session (src/portal/clients/session.ts), it is a promise until MSAL has loaded and
 * validated the sign-in: a component that reads it waits under the nearest Suspense boundary.
 */
import type { IPublicClientApplication } from '@azure/msal-browser';
import { createContext, useContext } from 'react';
import { type Eventually, useEventually } from '../clients/eventually';

export interface AuthApi {
  msal: IPublicClientApplication;
  signOutTo: (target: string) => Promise<void>;
}

export const AuthContext = createContext<Eventually<AuthApi> | null>(null);

export function useAuth(): AuthApi {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthContext provider');
  return useEventually(auth);
}
