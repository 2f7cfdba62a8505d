import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { type PortalConfig, PortalConfigContext } from '../clients/config';
import type { Eventually } from '../clients/eventually';
import { type Session, SessionContext } from '../clients/session';
import { type AuthApi, AuthContext } from '../auth/auth-context';
import { PortalToaster } from '../ui/toast/toast';
import { createQueryClient } from './query-client';
import { PortalRoutes } from './routes';

interface AppProps {
  config: PortalConfig;
  /** Promises until MSAL has validated the session (boot.tsx): what reads them waits under a Suspense boundary. */
  auth: Eventually<AuthApi>;
  session: Eventually<Session>;
  /** Called once the app has been committed to the page; returns what undoes it if the app unmounts. */
  onFirstCommit?: () => () => void;
}

export function App({ config, auth, session, onFirstCommit }: AppProps) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => onFirstCommit?.(), [onFirstCommit]);
  return (
    <PortalConfigContext.Provider value={config}>
      <AuthContext.Provider value={auth}>
        <SessionContext.Provider value={session}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <PortalRoutes config={config} />
            </BrowserRouter>
            <PortalToaster />
          </QueryClientProvider>
        </SessionContext.Provider>
      </AuthContext.Provider>
    </PortalConfigContext.Provider>
  );
}
