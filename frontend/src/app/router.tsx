import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LoadingState } from '@/components/feedback/loading-state';
import { paths, type RouteAccess } from '@/config/paths';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireAuth } from './guards/require-auth';
import { RoleGate } from './guards/role-gate';
import { RootLayout } from './layout/root-layout';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorRoute } from './routes/route-error';

type Screen = { Component: ComponentType } | { lazy: () => Promise<{ Component: ComponentType }> };

/** A screen whose issue has not landed yet: the 404 page, behind the route's real guard. */
const notBuiltYet: Screen = { Component: NotFoundRoute };

/**
 * The route table of spec section 2 for signed-in users. Each row is one guard plus one screen; a later
 * issue replaces `notBuiltYet` on its own row.
 */
const signedInScreens: ReadonlyArray<{ route: { path: string; access: RouteAccess }; screen: Screen }> = [
  { route: paths.dashboard, screen: notBuiltYet },
  { route: paths.companyDashboard, screen: notBuiltYet },
  { route: paths.companyAdmin, screen: notBuiltYet },
  { route: paths.generate, screen: notBuiltYet },
  { route: paths.bulk, screen: notBuiltYet },
  { route: paths.adminAnalytics, screen: notBuiltYet },
  { route: paths.trainerAnalytics, screen: notBuiltYet },
  { route: paths.partnerCredits, screen: notBuiltYet },
  { route: paths.adminInventory, screen: notBuiltYet },
  { route: paths.partners, screen: notBuiltYet },
  { route: paths.vendors, screen: notBuiltYet },
  {
    route: paths.settings,
    screen: {
      lazy: () => import('@/features/settings/routes/settings').then((m) => ({ Component: m.SettingsRoute })),
    },
  },
  { route: paths.trainerQr, screen: notBuiltYet },
  { route: paths.projectRootedExclusives, screen: notBuiltYet },
  { route: paths.adminCredits, screen: notBuiltYet },
  { route: paths.partnerInventory, screen: notBuiltYet },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    // Shown while the first screen's code loads.
    hydrateFallbackElement: <LoadingState message="Loading AV Pass..." fullPage />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: paths.landing.path,
            lazy: () =>
              import('@/features/landing/routes/landing').then((m) => ({ Component: m.LandingRoute })),
          },
          {
            path: paths.login.path,
            lazy: () => import('@/features/auth/routes/login').then((m) => ({ Component: m.LoginRoute })),
          },
        ],
      },
      // Public voucher page: its issue has not landed yet.
      { path: paths.voucher.path, ...notBuiltYet },
      {
        element: <RequireAuth />,
        children: signedInScreens.map(({ route, screen }) => ({
          element: <RoleGate access={route.access} />,
          children: [{ path: route.path, ...screen }],
        })),
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
