/*
 * The MSAL instance and config for components that sign out or need tokens directly.
 * Use: const { signOutTo } = useAuth(); signOutTo('/');
 */
import type { IPublicClientApplication } from '@azure/msal-browser';
import { createContext, useContext } from 'react';

export interface AuthApi {
  msal: IPublicClientApplication;
  signOutTo: (target: string) => Promise<void>;
}

export const AuthContext = createContext<AuthApi | null>(null);

export function useAuth(): AuthApi {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs an AuthContext provider');
  return auth;
}
