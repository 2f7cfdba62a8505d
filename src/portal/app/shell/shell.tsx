import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { profileKeys, useProfile } from '../../clients/profile';
import { AddressEditorProvider } from '../../features/fulfilment/address-editor';
import { CertificationFrameHost } from './certification-frame-host';
import { useFocusOnNavigation } from './focus-on-navigation';
import { Footer } from './footer';
import { Header } from './header';
import { PageErrorBoundary } from './page-error-boundary';
import { PageSkeleton } from './page-skeleton';
import { scheduleHashScroll, ScrollMemory } from './scroll';
import { SupportChat } from './support-chat';
import { ShowKeys } from '../show-keys/show-keys';
import { liveVersions } from '../live-texts';

/** The main shell: header, the routed page, footer; and the behaviours every page shares. */
export function Shell() {
  const { t } = useTranslation('portal');
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  useScrollOnNavigation();
  useHashScroll(location.hash, location.pathname);
  useVersionChecks(location.pathname);
  useFocusOnNavigation(main);
  return (
    <AddressEditorProvider>
      <div className="shell">
        <a className="skip-link" href="#main">
          {t('Header.SkipToContent')}
        </a>
        {/* What needs the session waits for it (src/portal/clients/session.ts) inside a boundary of its
            own, so the rest of the shell paints first. Its own component: the profile arriving or
            changing re-renders it, not the whole shell. */}
        <Suspense fallback={null}>
          <CertMasterRefresh />
        </Suspense>
        <Header />
        <main id="main" className="shell__main" tabIndex={-1} ref={main}>
          {/* The header shows at once; the page's skeleton stands in while its code loads. */}
          <PageErrorBoundary path={location.pathname}>
            <Suspense fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </main>
        <Suspense fallback={null}>
          <CertificationFrameHost />
        </Suspense>
        <Footer />
        <Suspense fallback={null}>
          <SupportChat />
          <ShowKeys />
        </Suspense>
      </div>
    </AddressEditorProvider>
  );
}

/** A new page opens at the top (or its hash); Back and Forward return to where the learner was. */
function useScrollOnNavigation() {
  const location = useLocation();
  const navigation = useNavigationType();
  const [memory] = useState(() => new ScrollMemory());
  const previousPathname = useRef<string>(undefined);
  useEffect(() => {
    // The portal restores positions itself: the browser's own restoration would act before the
    // page's content is there.
    window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    memory.arrived(location, previousPathname.current, navigation);
    previousPathname.current = location.pathname;
    return memory.track(location.key);
  }, [memory, location, navigation]);
}

/**
 * A page's data may be cached, so moving to it calls nothing: the portal asks which rules and texts
 * versions are in force when the learner moves to another page and when the tab is shown again
 * (throttled in clients/live-versions.ts), so a publish reaches the next page without a reload.
 */
const checkVersions = () =>
  void liveVersions().then(
    ({ checkVersions: check }) => check(),
    () => undefined,
  );

function useVersionChecks(pathname: string) {
  const seen = useRef(pathname);
  useEffect(() => {
    // The page the portal opened with has just had its configuration: nothing to ask yet.
    if (seen.current === pathname) return;
    seen.current = pathname;
    checkVersions();
  }, [pathname]);
  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === 'visible') checkVersions();
    };
    window.addEventListener('focus', shown);
    document.addEventListener('visibilitychange', shown);
    return () => {
      window.removeEventListener('focus', shown);
      document.removeEventListener('visibilitychange', shown);
    };
  }, []);
}

function useHashScroll(hash: string, pathname: string) {
  useEffect(() => scheduleHashScroll(hash), [hash, pathname]);
}

/** ?certMasterId= that differs from the profile's certMaster id means the profile changed elsewhere. */
function CertMasterRefresh(): null {
  const [params] = useSearchParams();
  const certMasterId = params.get('certMasterId');
  const { profile } = useProfile();
  const queryClient = useQueryClient();
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!certMasterId || !profile || refreshedFor.current === certMasterId) return;
    if (profile.externalIds?.certMaster === certMasterId) return;
    refreshedFor.current = certMasterId;
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  }, [certMasterId, profile, queryClient]);
  return null;
}
