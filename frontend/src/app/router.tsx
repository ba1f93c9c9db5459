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
  {
    route: paths.dashboard,
    screen: {
      lazy: () =>
        import('@/features/admin-dashboard/routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
    },
  },
  {
    route: paths.companyDashboard,
    screen: {
      lazy: () =>
        import('@/features/company/routes/company-dashboard').then((m) => ({
          Component: m.CompanyDashboardRoute,
        })),
    },
  },
  {
    route: paths.companyAdmin,
    screen: {
      lazy: () =>
        import('@/features/company/routes/company-admin').then((m) => ({ Component: m.CompanyAdminRoute })),
    },
  },
  {
    route: paths.generate,
    screen: {
      lazy: () => import('@/features/generate/routes/generate').then((m) => ({ Component: m.GenerateRoute })),
    },
  },
  {
    route: paths.bulk,
    screen: {
      lazy: () => import('@/features/bulk/routes/bulk').then((m) => ({ Component: m.BulkRoute })),
    },
  },
  {
    route: paths.adminAnalytics,
    screen: {
      lazy: () =>
        import('@/features/admin-dashboard/routes/admin-welcome').then((m) => ({
          Component: m.AdminWelcomeRoute,
        })),
    },
  },
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
      // Public voucher page: members open it from the QR code, signed in or not.
      {
        path: paths.voucher.path,
        lazy: () => import('@/features/voucher/routes/voucher').then((m) => ({ Component: m.VoucherRoute })),
      },
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
