import { VOUCHER_CATALOGS } from '@avpass/contracts/i18n/voucher-catalogs';
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { DashboardSkeleton } from '@/components/feedback/dashboard-skeleton';
import { LoadingState } from '@/components/feedback/loading-state';
import { isPublicPath, paths, type RouteAccess } from '@/config/paths';
import type { Catalog } from '@/i18n/catalogs';
import { withCatalog } from '@/i18n/i18n';
import { AUDIT_CATALOGS } from '@/locales/audit-catalogs';
import { CREDITS_CATALOGS } from '@/locales/credits-catalogs';
import { DASHBOARD_CATALOGS } from '@/locales/dashboard-catalogs';
import { EXCLUSIVES_CATALOGS } from '@/locales/exclusives-catalogs';
import { GENERATE_CATALOGS } from '@/locales/generate-catalogs';
import { INVENTORY_CATALOGS } from '@/locales/inventory-catalogs';
import { MEMBERS_CATALOGS } from '@/locales/members-catalogs';
import { PARTNERS_CATALOGS } from '@/locales/partners-catalogs';
import { SETTINGS_CATALOGS } from '@/locales/settings-catalogs';
import { ERRORS_CATALOGS } from '@/locales/errors-catalogs';
import { STAFF_CATALOGS } from '@/locales/staff-catalogs';
import { STATEMENTS_CATALOGS } from '@/locales/statements-catalogs';
import { TILL_CATALOGS } from '@/locales/till-catalogs';
import { documentTitle } from '@/lib/use-document-title';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireAuth } from './guards/require-auth';
import { RoleGate } from './guards/role-gate';
import { RootLayout } from './layout/root-layout';
import { routeTitleOf } from './layout/use-route-title';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorRoute } from './routes/route-error';

type Screen = { lazy: () => Promise<{ Component: ComponentType }> };

/** /partners and /vendors are the same screen (spec section 2). */
const partnersScreen: Screen = {
  lazy: () => import('@/features/partners/routes/partners').then((m) => ({ Component: m.PartnersRoute })),
};

/**
 * The route table of spec section 2 for signed-in users. Each row is one guard plus one screen, each
 * screen its own chunk.
 */
const signedInScreens: ReadonlyArray<{
  route: { path: string; access: RouteAccess };
  /** The browser tab's title: "{title} · AV Pass". */
  title: string;
  /**
   * The screen's catalogs (issue 42), loaded beside its code in the reader's language; the shell's and
   * the shared components' words (`staff`) are loaded with the app.
   */
  words: Catalog[];
  screen: Screen;
}> = [
  {
    route: paths.dashboard,
    words: [DASHBOARD_CATALOGS],
    title: 'Dashboard',
    screen: {
      lazy: () =>
        import('@/features/admin-dashboard/routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
    },
  },
  {
    route: paths.companyDashboard,
    words: [DASHBOARD_CATALOGS],
    title: 'Company dashboard',
    screen: {
      lazy: () =>
        import('@/features/company/routes/company-dashboard').then((m) => ({
          Component: m.CompanyDashboardRoute,
        })),
    },
  },
  {
    route: paths.companyAdmin,
    words: [DASHBOARD_CATALOGS],
    title: 'Company admin',
    screen: {
      lazy: () =>
        import('@/features/company/routes/company-admin').then((m) => ({ Component: m.CompanyAdminRoute })),
    },
  },
  {
    route: paths.generate,
    words: [GENERATE_CATALOGS],
    title: 'Generate voucher',
    screen: {
      lazy: () => import('@/features/generate/routes/generate').then((m) => ({ Component: m.GenerateRoute })),
    },
  },
  {
    route: paths.bulk,
    words: [GENERATE_CATALOGS],
    title: 'Bulk generate',
    screen: {
      lazy: () => import('@/features/bulk/routes/bulk').then((m) => ({ Component: m.BulkRoute })),
    },
  },
  {
    route: paths.adminAnalytics,
    words: [DASHBOARD_CATALOGS],
    title: 'Analytics & Reports',
    screen: {
      lazy: () =>
        import('@/features/admin-dashboard/routes/admin-welcome').then((m) => ({
          Component: m.AdminWelcomeRoute,
        })),
    },
  },
  {
    route: paths.trainerAnalytics,
    words: [CREDITS_CATALOGS],
    title: 'Athlete/Partnership Analytics',
    screen: {
      lazy: () =>
        import('@/features/trainers/routes/trainer-analytics').then((m) => ({
          Component: m.TrainerAnalyticsRoute,
        })),
    },
  },
  {
    route: paths.partnerCredits,
    words: [CREDITS_CATALOGS],
    title: 'Partner credits',
    screen: {
      lazy: () =>
        import('@/features/credits/routes/partner-credits').then((m) => ({
          Component: m.PartnerCreditsRoute,
        })),
    },
  },
  {
    route: paths.adminInventory,
    words: [INVENTORY_CATALOGS],
    title: 'Inventory',
    screen: {
      lazy: () =>
        import('@/features/admin-inventory/routes/admin-inventory').then((m) => ({
          Component: m.AdminInventoryRoute,
        })),
    },
  },
  { route: paths.partners, title: 'Partners', words: [PARTNERS_CATALOGS], screen: partnersScreen },
  { route: paths.vendors, title: 'Vendors', words: [PARTNERS_CATALOGS], screen: partnersScreen },
  {
    route: paths.settings,
    title: 'Settings',
    words: [SETTINGS_CATALOGS],
    screen: {
      lazy: () => import('@/features/settings/routes/settings').then((m) => ({ Component: m.SettingsRoute })),
    },
  },
  {
    route: paths.trainerQr,
    words: [CREDITS_CATALOGS],
    title: 'Trainer/Athlete QR',
    screen: {
      lazy: () =>
        import('@/features/trainers/routes/trainer-qr').then((m) => ({ Component: m.TrainerQrRoute })),
    },
  },
  {
    route: paths.projectRootedExclusives,
    words: [EXCLUSIVES_CATALOGS],
    title: 'Project Rooted exclusives',
    screen: {
      lazy: () =>
        import('@/features/exclusives/routes/project-rooted-exclusives').then((m) => ({
          Component: m.ProjectRootedExclusivesRoute,
        })),
    },
  },
  {
    route: paths.adminCredits,
    words: [CREDITS_CATALOGS],
    title: 'Athlete credits',
    screen: {
      lazy: () =>
        import('@/features/credits/routes/admin-credits').then((m) => ({ Component: m.AdminCreditsRoute })),
    },
  },
  {
    route: paths.till,
    title: 'Till',
    words: [TILL_CATALOGS, VOUCHER_CATALOGS],
    screen: {
      lazy: () => import('@/features/till/routes/till').then((m) => ({ Component: m.TillRoute })),
    },
  },
  {
    route: paths.audit,
    words: [AUDIT_CATALOGS],
    title: 'Audit trail',
    screen: {
      lazy: () => import('@/features/audit/routes/audit').then((m) => ({ Component: m.AuditRoute })),
    },
  },
  {
    route: paths.partnerInventory,
    words: [INVENTORY_CATALOGS],
    title: 'Partner inventory',
    screen: {
      lazy: () =>
        import('@/features/partner-inventory/routes/partner-inventory').then((m) => ({
          Component: m.PartnerInventoryRoute,
        })),
    },
  },
  {
    route: paths.statements,
    words: [STATEMENTS_CATALOGS],
    title: 'Statements',
    screen: {
      lazy: () =>
        import('@/features/statements/routes/partner-statements').then((m) => ({
          Component: m.PartnerStatementsRoute,
        })),
    },
  },
  {
    route: paths.statement,
    words: [STATEMENTS_CATALOGS],
    title: 'Statement',
    screen: {
      lazy: () =>
        import('@/features/statements/routes/statement-detail').then((m) => ({
          Component: m.StatementDetailRoute,
        })),
    },
  },
  {
    route: paths.adminStatements,
    words: [STATEMENTS_CATALOGS],
    title: 'Statements',
    screen: {
      lazy: () =>
        import('@/features/statements/routes/admin-statements').then((m) => ({
          Component: m.AdminStatementsRoute,
        })),
    },
  },
  {
    route: paths.members,
    words: [MEMBERS_CATALOGS],
    title: 'Members',
    screen: {
      lazy: () => import('@/features/members/routes/members').then((m) => ({ Component: m.MembersRoute })),
    },
  },
  {
    route: paths.member,
    words: [MEMBERS_CATALOGS],
    title: 'Member',
    screen: {
      lazy: () =>
        import('@/features/members/routes/member-detail').then((m) => ({ Component: m.MemberDetailRoute })),
    },
  },
];

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    // Shown while the first screen's code loads: a signed-in screen's shape (issue 28), or a spinner on
    // the public pages.
    hydrateFallbackElement: <FirstLoadFallback />,
    children: [
      {
        element: <RedirectIfSignedIn />,
        children: [
          {
            path: paths.landing.path,
            handle: { title: 'Discounts from our partner network' },
            lazy: () =>
              import('@/features/landing/routes/landing').then((m) => ({ Component: m.LandingRoute })),
          },
          {
            path: paths.login.path,
            handle: { title: 'Sign in' },
            lazy: () => import('@/features/auth/routes/login').then((m) => ({ Component: m.LoginRoute })),
          },
        ],
      },
      // Public voucher page: members open it from the QR code, signed in or not. A phone opening the
      // address directly gets app/voucher-shell instead (main.tsx); the page sets its own title.
      {
        path: paths.voucher.path,
        lazy: withCatalog([VOUCHER_CATALOGS], () =>
          import('@/features/voucher/routes/voucher').then((m) => ({ Component: m.VoucherRoute })),
        ),
      },
      {
        element: <RequireAuth />,
        children: signedInScreens.map(({ route, title, words, screen }) => ({
          element: <RoleGate access={route.access} />,
          children: [
            {
              path: route.path,
              handle: { title },
              lazy: withCatalog([STAFF_CATALOGS, ERRORS_CATALOGS, ...words], screen.lazy),
            },
          ],
        })),
      },
      { path: '*', handle: { title: 'Page not found' }, Component: NotFoundRoute },
    ],
  },
];

/**
 * Before the first screen's code arrives the router renders nothing of the route, so the screen is
 * named here from the route table (issue 44): the tab's title and the skeleton's heading at once.
 */
function FirstLoadFallback() {
  const title = routeTitleOf(matchRoutes(routes, window.location.pathname) ?? []);
  useEffect(() => {
    if (title !== undefined) document.title = documentTitle(title);
  }, [title]);
  return isPublicPath(window.location.pathname) ? (
    <LoadingState message="Loading AV Pass..." fullPage />
  ) : (
    <DashboardSkeleton title={title} />
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
