import { VOUCHER_CATALOGS } from '@avpass/contracts/i18n/voucher-catalogs';
import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { DashboardSkeleton } from '@/components/feedback/dashboard-skeleton';
import { LoadingState } from '@/components/feedback/loading-state';
import { isPublicPath, paths, type RouteAccess } from '@/config/paths';
import type { Catalog } from '@/i18n/catalogs';
import { useT, withCatalog } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
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
import { routeTitleOf, type RouteHandle } from './layout/use-route-title';
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
  /** The browser tab's title: "{title} · AV Pass", a key of the `staff` catalog. */
  title: MessageId;
  /**
   * The screen's catalogs (issue 42), loaded beside its code in the reader's language; the shell's and
   * the shared components' words (`staff`) are loaded with the app.
   */
  words: Catalog[];
  screen: Screen;
}> = [
  {
    route: paths.dashboard,
    // The voucher words: "Needs attention" says a refusal in the reader's language (issue 43).
    words: [DASHBOARD_CATALOGS, VOUCHER_CATALOGS],
    title: 'staff.title.dashboard',
    screen: {
      lazy: () =>
        import('@/features/admin-dashboard/routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
    },
  },
  {
    route: paths.companyDashboard,
    words: [DASHBOARD_CATALOGS],
    title: 'staff.title.companyDashboard',
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
    title: 'staff.title.companyAdmin',
    screen: {
      lazy: () =>
        import('@/features/company/routes/company-admin').then((m) => ({ Component: m.CompanyAdminRoute })),
    },
  },
  {
    route: paths.generate,
    words: [GENERATE_CATALOGS],
    title: 'staff.title.generate',
    screen: {
      lazy: () => import('@/features/generate/routes/generate').then((m) => ({ Component: m.GenerateRoute })),
    },
  },
  {
    route: paths.bulk,
    words: [GENERATE_CATALOGS],
    title: 'staff.title.bulk',
    screen: {
      lazy: () => import('@/features/bulk/routes/bulk').then((m) => ({ Component: m.BulkRoute })),
    },
  },
  {
    route: paths.adminAnalytics,
    words: [DASHBOARD_CATALOGS],
    title: 'staff.title.adminAnalytics',
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
    title: 'staff.title.trainerAnalytics',
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
    title: 'staff.title.partnerCredits',
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
    title: 'staff.title.adminInventory',
    screen: {
      lazy: () =>
        import('@/features/admin-inventory/routes/admin-inventory').then((m) => ({
          Component: m.AdminInventoryRoute,
        })),
    },
  },
  {
    route: paths.partners,
    title: 'staff.title.partners',
    words: [PARTNERS_CATALOGS],
    screen: partnersScreen,
  },
  { route: paths.vendors, title: 'staff.title.vendors', words: [PARTNERS_CATALOGS], screen: partnersScreen },
  {
    route: paths.settings,
    title: 'staff.title.settings',
    words: [SETTINGS_CATALOGS],
    screen: {
      lazy: () => import('@/features/settings/routes/settings').then((m) => ({ Component: m.SettingsRoute })),
    },
  },
  {
    route: paths.trainerQr,
    words: [CREDITS_CATALOGS],
    title: 'staff.title.trainerQr',
    screen: {
      lazy: () =>
        import('@/features/trainers/routes/trainer-qr').then((m) => ({ Component: m.TrainerQrRoute })),
    },
  },
  {
    route: paths.projectRootedExclusives,
    words: [EXCLUSIVES_CATALOGS],
    title: 'staff.title.projectRootedExclusives',
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
    title: 'staff.title.adminCredits',
    screen: {
      lazy: () =>
        import('@/features/credits/routes/admin-credits').then((m) => ({ Component: m.AdminCreditsRoute })),
    },
  },
  {
    route: paths.till,
    title: 'staff.title.till',
    words: [TILL_CATALOGS, VOUCHER_CATALOGS],
    screen: {
      lazy: () => import('@/features/till/routes/till').then((m) => ({ Component: m.TillRoute })),
    },
  },
  {
    route: paths.audit,
    words: [AUDIT_CATALOGS],
    title: 'staff.title.audit',
    screen: {
      lazy: () => import('@/features/audit/routes/audit').then((m) => ({ Component: m.AuditRoute })),
    },
  },
  {
    route: paths.partnerInventory,
    words: [INVENTORY_CATALOGS],
    title: 'staff.title.partnerInventory',
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
    title: 'staff.title.statements',
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
    title: 'staff.title.statement',
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
    title: 'staff.title.statements',
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
    title: 'staff.title.members',
    screen: {
      lazy: () => import('@/features/members/routes/members').then((m) => ({ Component: m.MembersRoute })),
    },
  },
  {
    route: paths.member,
    words: [MEMBERS_CATALOGS],
    title: 'staff.title.member',
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
            handle: { title: 'landing.documentTitle' } satisfies RouteHandle,
            lazy: () =>
              import('@/features/landing/routes/landing').then((m) => ({ Component: m.LandingRoute })),
          },
          {
            path: paths.login.path,
            handle: { title: 'login.documentTitle' } satisfies RouteHandle,
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
              handle: { title } satisfies RouteHandle,
              lazy: withCatalog([STAFF_CATALOGS, ERRORS_CATALOGS, ...words], screen.lazy),
            },
          ],
        })),
      },
      {
        path: '*',
        handle: { title: 'notFound.documentTitle' } satisfies RouteHandle,
        Component: NotFoundRoute,
      },
    ],
  },
];

/**
 * Before the first screen's code arrives the router renders nothing of the route, so the screen is
 * named here from the route table (issue 44): the tab's title and the skeleton's heading at once.
 */
function FirstLoadFallback() {
  const t = useT();
  const key = routeTitleOf(matchRoutes(routes, window.location.pathname) ?? []);
  // A kept session's `staff` words and everyone's `public` words are loaded before the app mounts (main.tsx).
  const title = key === undefined ? undefined : t(key);
  useEffect(() => {
    if (title !== undefined) document.title = documentTitle(title);
  }, [title]);
  return isPublicPath(window.location.pathname) ? (
    <LoadingState message={t('layout.loading')} fullPage />
  ) : (
    <DashboardSkeleton title={title} />
  );
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
