import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { PageSkeleton } from './shell/page-skeleton';

/** /logout?redirectUrl=… reached inside the app: sign out, then go to redirectUrl (default /). */
export function LogoutRoute() {
  const { signOutTo } = useAuth();
  const [params] = useSearchParams();
  const target = params.get('redirectUrl') ?? '/';
  useEffect(() => {
    void signOutTo(target);
  }, [signOutTo, target]);
  return <PageSkeleton />;
}
