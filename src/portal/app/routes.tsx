import { type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router-dom';
import type { PortalConfig } from '../clients/config';
import { loadAdminNamespaces, loadAllNamespaces, prefetchAllTexts } from './i18n';
import type { UiLanguage } from './language';
import { PageErrorBoundary } from './shell/page-error-boundary';
import { PageSkeleton } from './shell/page-skeleton';
import { ProfileRequired } from './shell/profile-required';
import { LogoutRoute } from './logout-route';
import { RootRedirect } from './root-redirect';
import { Shell } from './shell/shell';
import { AccountFrame } from '../features/account/account-frame';
import { HomeFrame } from '../features/home/home-welcome';
import { ExamFrame } from '../features/profile/exam-frame';
import { ProfileFrame } from '../features/profile/profile-frame';
import { TrainingFrame } from '../features/training/training-frame';

type PageModule = { default: ComponentType };

interface LazyPage {
  /** Loads the page's code (and texts) once; the page shows when this settles. */
  load: () => Promise<PageModule>;
  /** Fetches the page's code alone (texts need i18next started). */
  code: () => Promise<PageModule>;
  /** Whether the page waits for every namespace's texts (all pages but home). */
  withTexts: boolean;
  /** Loads the texts the page waits for (none for home: its texts come before the first render). */
  texts: () => Promise<void>;
  /** What stands for the page while the session and the page's code load: its heading and intro. */
  frame: () => ReactNode;
  Component: ComponentType;
}

// Each page is its own chunk, imported one way: a feature's page from its folder, a page that puts
// several features together from app/pages/. Form code loads only with the routes that show forms. Home shows the
// texts loaded before the first render; every other page also waits for the rest of the texts (the
// admin area for its own as well).
interface PageOptions {
  withTexts?: boolean;
  loadTexts?: () => Promise<void>;
  frame?: () => ReactNode;
}

function lazyPage(
  importPage: () => Promise<PageModule>,
  { withTexts = true, loadTexts = loadAllNamespaces, frame = () => <PageSkeleton /> }: PageOptions = {},
): LazyPage {
  let loading: Promise<PageModule> | undefined;
  let loaded: PageModule | undefined;
  const load = () =>
    (loading ??= (withTexts ? Promise.all([importPage(), loadTexts()]).then(([page]) => page) : importPage()).then(
      (page) => (loaded = page),
      (error: unknown) => {
        // A failed load is tried again the next time the page is asked for.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(load);
  // A page fetched ahead (start-up, see preloadRoute) renders at once, without a skeleton in between;
  // decided once per mount, so the page is never swapped for another element under the learner.
  function Component() {
    const [ready] = useState(loaded);
    return ready ? <ready.default /> : <Lazy />;
  }
  return { load, code: importPage, withTexts, texts: withTexts ? loadTexts : () => Promise.resolve(), frame, Component };
}

// The pages a learner reaches most paint their heading and intro while the session settles
// (boot.tsx); the others a placeholder.
const home = lazyPage(() => import('./pages/home'), { withTexts: false, frame: () => <HomeFrame /> });
const notFound = lazyPage(() => import('../features/not-found/not-found-page'));

const profile = lazyPage(() => import('../features/profile/profile-page'), { frame: () => <ProfileFrame /> });
const examProfile = lazyPage(() => import('../features/profile/exam-profile-page'), { frame: () => <ExamFrame pending /> });
const account = lazyPage(() => import('../features/account/account-page'), { frame: () => <AccountFrame pending /> });
const trainingProducts = lazyPage(() => import('./pages/training-products'), { frame: () => <TrainingFrame pending skeletonLines={5} /> });
const login = lazyPage(() => import('../features/launch/pages/login-route'));
const help = lazyPage(() => import('../features/launch/pages/help-route'));
const certification = lazyPage(() => import('../features/certification/pages/certification-page'));
const examError = lazyPage(() => import('../features/launch/pages/exam-error-page'));
const explore = lazyPage(() => import('./pages/explore'));
const announcements = lazyPage(() => import('../features/announcements/announcements-page'));
// The admin area: a room of its own (src/portal/admin), never part of a learner's page.
const admin = lazyPage(() => import('../admin/admin-room'), { loadTexts: loadAdminNamespaces });

/** What start-up needs of a route's page to fetch it before the router asks (see preloadRoute). */
type RouteHandle = Pick<LazyPage, 'load' | 'code' | 'withTexts' | 'texts'>;
const routeHandle = ({ load, code, withTexts, texts }: LazyPage): RouteHandle => ({ load, code, withTexts, texts });

/**
 * A route showing a lazy page; `handle.load` lets start-up fetch its code before the router asks.
 * `needsProfile`: an account without a profile sees the page that says so instead.
 */
function pageRoute(path: string | undefined, page: LazyPage, { outsideShell = false, needsProfile = false } = {}): RouteObject {
  // Inside the shell, the page's frame stands in while the session and the page load, and the
  // shell's own boundary catches a failure; outside it, a boundary of its own.
  const content = (
    <Suspense fallback={page.frame()}>
      {needsProfile ? (
        <ProfileRequired>
          <page.Component />
        </ProfileRequired>
      ) : (
        <page.Component />
      )}
    </Suspense>
  );
  const element = outsideShell ? <PageErrorBoundary path={path ?? ''}>{content}</PageErrorBoundary> : content;
  const handle = routeHandle(page);
  return path === undefined ? { index: true, element, handle } : { path, element, handle };
}

const profileNeeded = { needsProfile: true };

/** The route table; feature flags decide which routes exist. */
export function portalRoutes(config: Pick<PortalConfig, 'flags'>): RouteObject[] {
  return [
    { path: '/logout', element: <LogoutRoute /> },
    pageRoute('/login', login, { outsideShell: true }),
    pageRoute('/help', help, { outsideShell: true }),
    {
      path: '/',
      element: <Shell />,
      children: [
        // The root path goes to home: its code is what start-up fetches for it.
        { index: true, element: <RootRedirect />, handle: routeHandle(home) },
        // The profile page creates a missing profile; announcements and errors need none.
        pageRoute('home', home, profileNeeded),
        pageRoute('training', home, profileNeeded),
        {
          path: 'profile',
          children: [pageRoute(undefined, profile), ...(config.flags.pearson ? [pageRoute('pearson', examProfile, profileNeeded)] : [])],
        },
        pageRoute('account', account, profileNeeded),
        pageRoute('exam-error', examError),
        ...(config.flags.certmetrics ? [pageRoute('certification/*', certification, profileNeeded)] : []),
        pageRoute('announcements', announcements),
        pageRoute('explore', explore, profileNeeded),
        pageRoute('admin/*', admin),
        ...(config.flags.learningSystems ? [pageRoute('training-products', trainingProducts, profileNeeded)] : []),
        pageRoute('*', notFound),
      ],
    },
  ];
}

/**
 * Starts loading the page at `pathname` while sign-in settles, so the page does not wait for the
 * first render to ask for it: with `lang` (before i18next has started) its code, and the text files
 * if the page waits for them; without (once i18next has started) its code and texts through i18next.
 * Settles (never rejects) when the loads have: a failure shows when the page renders, which tries again.
 */
export function preloadRoute(config: Pick<PortalConfig, 'flags'>, pathname: string, lang?: UiLanguage): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const { route } of matchRoutes(portalRoutes(config), pathname) ?? []) {
    const handle = route.handle as RouteHandle | undefined;
    if (!handle) continue;
    // In a task of its own: asking for every text file is a few dozen preload links, which would
    // otherwise lengthen start-up's longest task.
    if (lang && handle.withTexts) window.setTimeout(() => prefetchAllTexts(lang), 0);
    loads.push((lang ? handle.code() : handle.load()).catch(() => undefined));
  }
  return Promise.all(loads).then(() => undefined);
}

/**
 * Settles (never rejects) once the texts of the page at `pathname` are there, so its frame can paint
 * while the session settles (boot.tsx). A failure shows when the page renders, which tries again.
 */
export function frameReady(config: Pick<PortalConfig, 'flags'>, pathname: string): Promise<void> {
  const routes = matchRoutes(portalRoutes(config), pathname) ?? [];
  return Promise.all(routes.map(({ route }) => (route.handle as RouteHandle | undefined)?.texts().catch(() => undefined))).then(() => undefined);
}

/** The portal's routes (inside a BrowserRouter). */
export function PortalRoutes({ config }: { config: Pick<PortalConfig, 'flags'> }) {
  const routes = useMemo(() => portalRoutes(config), [config]);
  return useRoutes(routes);
}
