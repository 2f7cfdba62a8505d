import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { PortalConfig } from '../clients/config';
import { PageSkeleton } from './shell/page-skeleton';
import { LogoutRoute } from './logout-route';
import { RootRedirect } from './root-redirect';
import { Shell } from './shell/shell';

// Each page is its own chunk: form code loads only with the routes that show forms.
const home = async () => ({ Component: (await import('./pages/home')).default });
const notFound = async () => ({ Component: (await import('../features/not-found/not-found-page')).default });

// Pages of other features are looked up by glob, so the shell builds while a feature folder is absent
// (a missing page shows the not-found page).
const featurePages = import.meta.glob<{ default: ComponentType }>([
  '../features/profile/profile-page.tsx',
  '../features/profile/exam-profile-page.tsx',
  '../features/account/account-page.tsx',
]);
const page = (path: string) => async () => {
  const load = featurePages[path];
  return load ? { Component: (await load()).default } : notFound();
};
const profile = page('../features/profile/profile-page.tsx');
const examProfile = page('../features/profile/exam-profile-page.tsx');
const account = page('../features/account/account-page.tsx');
const trainingProducts = async () => ({ Component: (await import('./pages/training-products')).default });
const login = async () => ({ Component: (await import('../features/launch/pages/login-route')).default });
const help = async () => ({ Component: (await import('../features/launch/pages/help-route')).default });
const certification = async () => ({ Component: (await import('../features/certification/pages/certification-page')).default });
const examError = async () => ({ Component: (await import('../features/launch/pages/exam-error-page')).default });
const explore = async () => ({ Component: (await import('./pages/explore')).default });
const announcements = async () => ({ Component: (await import('../features/announcements/announcements-page')).default });

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
