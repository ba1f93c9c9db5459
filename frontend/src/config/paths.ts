import type { Role } from '@avpass/contracts';
import type { MessageId } from '@/i18n/message-id';

/**
 * Who may open a route (spec sections 2 and 6).
 * - public: anyone.
 * - signed-in: any signed-in user; signed-out visitors go to /login?returnTo=<path>.
 * - role: only `roles`; anyone else gets an 'Access Denied' toast with `denial` (a catalog key) and, after 500 ms, their own home.
 * - role-or-redirect: only `roles`; anyone else is sent straight to `otherwise` (the /dashboard split).
 * - role-or-not-found: only `roles`; anyone else sees the 404 page (/admin-inventory, spec section 2).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'role'; roles: readonly Role[]; denial: MessageId }
  | { kind: 'role-or-redirect'; roles: readonly Role[]; otherwise: string }
  /** Other roles see the 404 page, as if the screen did not exist (spec section 2). */
  | { kind: 'role-or-not-found'; roles: readonly Role[] };

interface RouteDef {
  path: string;
  access: RouteAccess;
  getHref?: (...args: never[]) => string;
}

const adminOnly = (denial: MessageId) => ({ kind: 'role', roles: ['super_admin'], denial }) as const;
const companyOnly = (denial: MessageId) => ({ kind: 'role', roles: ['company_admin'], denial }) as const;
const signedIn = { kind: 'signed-in' } as const;

export const paths = {
  landing: { path: '/', access: { kind: 'public' }, getHref: () => '/' },
  login: {
    path: '/login',
    access: { kind: 'public' },
    getHref: (returnTo?: string | null) =>
      returnTo ? `/login?returnTo=${encodeURIComponent(returnTo)}` : '/login',
  },
  voucher: {
    path: '/voucher/:id',
    access: { kind: 'public' },
    getHref: (id: string) => `/voucher/${encodeURIComponent(id)}`,
  },

  dashboard: {
    path: '/dashboard',
    access: { kind: 'role-or-redirect', roles: ['super_admin'], otherwise: '/company-dashboard' },
  },
  companyDashboard: { path: '/company-dashboard', access: companyOnly('staff.denied.companyDashboard') },
  companyAdmin: { path: '/company-admin', access: companyOnly('staff.denied.companyAdmin') },
  generate: { path: '/generate', access: signedIn },
  bulk: { path: '/bulk', access: signedIn },
  adminAnalytics: { path: '/admin', access: adminOnly('staff.denied.analytics') },
  trainerAnalytics: { path: '/trainer-analytics', access: signedIn },
  partnerCredits: { path: '/partner-credits', access: signedIn },
  adminInventory: {
    path: '/admin-inventory',
    access: { kind: 'role-or-not-found', roles: ['super_admin'] },
  },
  partners: { path: '/partners', access: adminOnly('staff.denied.partners') },
  vendors: { path: '/vendors', access: adminOnly('staff.denied.partners') },
  settings: { path: '/settings', access: adminOnly('staff.denied.settings') },
  trainerQr: { path: '/trainer-qr', access: adminOnly('staff.denied.trainerQr') },
  projectRootedExclusives: {
    path: '/project-rooted-exclusives',
    access: adminOnly('staff.denied.exclusives'),
  },
  adminCredits: {
    path: '/admin-credits',
    access: adminOnly('staff.denied.credits'),
  },
  till: {
    path: '/till',
    access: {
      kind: 'role',
      roles: ['company_admin', 'super_admin'],
      denial: 'staff.denied.till',
    },
  },
  // Issue 26: the audit trail; `getHref` opens it on one target's history.
  audit: {
    path: '/audit',
    access: adminOnly('staff.denied.audit'),
    getHref: (target?: { targetType: string; targetId: string }) =>
      target
        ? `/audit?${new URLSearchParams({ targetType: target.targetType, targetId: target.targetId }).toString()}`
        : '/audit',
  },
  partnerInventory: {
    path: '/partner-inventory',
    access: companyOnly('staff.denied.partnerInventory'),
  },
  // Issue 39: a partner's monthly statements; the detail is the partner's and the administrator's.
  statements: { path: '/statements', access: companyOnly('staff.denied.statements') },
  statement: {
    path: '/statements/:id',
    access: {
      kind: 'role',
      roles: ['company_admin', 'super_admin'],
      denial: 'staff.denied.statement',
    },
    getHref: (id: string) => `/statements/${encodeURIComponent(id)}`,
  },
  adminStatements: {
    path: '/admin-statements',
    access: adminOnly('staff.denied.adminStatements'),
  },
  // Issue 41: the club's members.
  members: { path: '/members', access: adminOnly('staff.denied.members') },
  member: {
    path: '/members/:id',
    access: adminOnly('staff.denied.members'),
    getHref: (id: string) => `/members/${encodeURIComponent(id)}`,
  },
} as const satisfies Record<string, RouteDef>;

export type AppPath = (typeof paths)[keyof typeof paths]['path'];

/** Where a signed-in user lands: after login, on `/`, and after an access denial. */
export function homePathFor(role: Role): string {
  switch (role) {
    case 'super_admin':
      return paths.dashboard.path;
    case 'company_admin':
      return paths.companyDashboard.path;
  }
}

/** Public pages a 401 never redirects away from (spec section 8). */
export function isPublicPath(pathname: string): boolean {
  return pathname === paths.landing.path || pathname === paths.login.path || pathname.startsWith('/voucher/');
}
