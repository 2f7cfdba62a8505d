import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { PortalConfig } from '../clients/config';
import { loadAllNamespaces } from './i18n';
import { PageSkeleton } from './shell/page-skeleton';
import { LogoutRoute } from './logout-route';
import { RootRedirect } from './root-redirect';
import { Shell } from './shell/shell';

type PageModule = { default: ComponentType };

// Each page is its own chunk: form code loads only with the routes that show forms. Home shows the
// texts loaded before the first render; every other page also waits for the rest of the texts.
const home = async () => ({ Component: (await import('./pages/home')).default });
const withTexts = (load: () => Promise<PageModule>) => async () => {
  const [page] = await Promise.all([load(), loadAllNamespaces()]);
  return { Component: page.default };
};
const notFound = withTexts(() => import('../features/not-found/not-found-page'));

// Pages of other features are looked up by glob, so the shell builds while a feature folder is absent
// (a missing page shows the not-found page).
const featurePages = import.meta.glob<PageModule>([
  '../features/profile/profile-page.tsx',
  '../features/profile/exam-profile-page.tsx',
  '../features/account/account-page.tsx',
]);
const page = (path: string) => {
  const load = featurePages[path];
  return load ? withTexts(load) : notFound;
};
const profile = page('../features/profile/profile-page.tsx');
const examProfile = page('../features/profile/exam-profile-page.tsx');
const account = page('../features/account/account-page.tsx');
const trainingProducts = withTexts(() => import('./pages/training-products'));
const login = withTexts(() => import('../features/launch/pages/login-route'));
const help = withTexts(() => import('../features/launch/pages/help-route'));
const certification = withTexts(() => import('../features/certification/pages/certification-page'));
const examError = withTexts(() => import('../features/launch/pages/exam-error-page'));
const explore = withTexts(() => import('./pages/explore'));
const announcements = withTexts(() => import('../features/announcements/announcements-page'));

/** The route table; feature flags decide which routes exist. */
export function portalRoutes(config: Pick<PortalConfig, 'flags'>): RouteObject[] {
  return [
    { path: '/logout', element: <LogoutRoute /> },
    { path: '/login', lazy: login, HydrateFallback: PageSkeleton },
    { path: '/help', lazy: help, HydrateFallback: PageSkeleton },
    {
      path: '/',
      element: <Shell />,
      HydrateFallback: PageSkeleton,
      children: [
        { index: true, element: <RootRedirect /> },
        { path: 'home', lazy: home },
        { path: 'training', lazy: home },
        {
          path: 'profile',
          children: [
            { index: true, lazy: profile },
            ...(config.flags.pearson ? [{ path: 'pearson', lazy: examProfile }] : []),
          ],
        },
        { path: 'account', lazy: account },
        { path: 'exam-error', lazy: examError },
        ...(config.flags.certmetrics ? [{ path: 'certification/*', lazy: certification }] : []),
        { path: 'announcements', lazy: announcements },
        { path: 'explore', lazy: explore },
        ...(config.flags.learningSystems ? [{ path: 'training-products', lazy: trainingProducts }] : []),
        { path: '*', lazy: notFound },
      ],
    },
  ];
}

export function createPortalRouter(config: PortalConfig) {
  return createBrowserRouter(portalRoutes(config));
}
