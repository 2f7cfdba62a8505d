import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import type { PortalConfig } from '../api/config';
import { PageSkeleton } from './shell/PageSkeleton';
import { LogoutRoute } from './LogoutRoute';
import { RootRedirect } from './RootRedirect';
import { Shell } from './shell/Shell';

// Each page is its own chunk: form code loads only with the routes that show forms.
const home = async () => ({ Component: (await import('../features/home/HomePage')).default });
const notFound = async () => ({ Component: (await import('../features/not-found/NotFoundPage')).default });

// Pages of other features are looked up by glob, so the shell builds while a feature folder is absent
// (a missing page shows the not-found page).
const featurePages = import.meta.glob<{ default: ComponentType }>([
  '../features/profile/ProfilePage.tsx',
  '../features/profile/ExamProfilePage.tsx',
  '../features/account/AccountPage.tsx',
]);
const page = (path: string) => async () => {
  const load = featurePages[path];
  return load ? { Component: (await load()).default } : notFound();
};
const profile = page('../features/profile/ProfilePage.tsx');
const examProfile = page('../features/profile/ExamProfilePage.tsx');
const account = page('../features/account/AccountPage.tsx');

/** The route table; feature flags decide which routes exist. */
export function portalRoutes(config: Pick<PortalConfig, 'flags'>): RouteObject[] {
  return [
    { path: '/logout', element: <LogoutRoute /> },
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
        { path: '*', lazy: notFound },
      ],
    },
  ];
}

export function createPortalRouter(config: PortalConfig) {
  return createBrowserRouter(portalRoutes(config));
}
