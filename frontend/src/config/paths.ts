import type { Role } from '@avpass/contracts';

/**
 * Who may open a route (spec sections 2 and 6).
 * - public: anyone.
 * - signed-in: any signed-in user; signed-out visitors go to /login?returnTo=<path>.
 * - role: only `roles`; anyone else gets an 'Access Denied' toast with `denial` and, after 500 ms, their own home.
 * - role-or-redirect: only `roles`; anyone else is sent straight to `otherwise` (the /dashboard split).
 * - role-or-not-found: only `roles`; anyone else sees the 404 page (/admin-inventory, spec section 2).
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'role'; roles: readonly Role[]; denial: string }
  | { kind: 'role-or-redirect'; roles: readonly Role[]; otherwise: string }
  /** Other roles see the 404 page, as if the screen did not exist (spec section 2). */
  | { kind: 'role-or-not-found'; roles: readonly Role[] };

interface RouteDef {
  path: string;
  access: RouteAccess;
  getHref?: (...args: never[]) => string;
}

const adminOnly = (denial: string) => ({ kind: 'role', roles: ['super_admin'], denial }) as const;
const companyOnly = (denial: string) => ({ kind: 'role', roles: ['company_admin'], denial }) as const;
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
  companyDashboard: { path: '/company-dashboard', access: companyOnly('Company dashboard access only.') },
  companyAdmin: { path: '/company-admin', access: companyOnly('Company admin access required.') },
  generate: { path: '/generate', access: signedIn },
  bulk: { path: '/bulk', access: signedIn },
  adminAnalytics: { path: '/admin', access: adminOnly('Admin access required for analytics.') },
  trainerAnalytics: { path: '/trainer-analytics', access: signedIn },
  partnerCredits: { path: '/partner-credits', access: signedIn },
  adminInventory: {
    path: '/admin-inventory',
    access: { kind: 'role-or-not-found', roles: ['super_admin'] },
  },
  partners: { path: '/partners', access: adminOnly('Only administrators can manage partners') },
  vendors: { path: '/vendors', access: adminOnly('Only administrators can manage partners') },
  settings: { path: '/settings', access: adminOnly('Admin settings access only') },
  trainerQr: { path: '/trainer-qr', access: adminOnly('Only administrators can access trainer QR codes') },
  projectRootedExclusives: {
    path: '/project-rooted-exclusives',
    access: adminOnly('Only administrators can access Project Rooted exclusives'),
  },
  adminCredits: {
    path: '/admin-credits',
    access: adminOnly('Only administrators can access athlete credits'),
  },
  till: {
    path: '/till',
    access: {
      kind: 'role',
      roles: ['company_admin', 'super_admin'],
      denial: 'The till is for partner staff and administrators.',
    },
  },
  // Issue 26: the audit trail; `getHref` opens it on one target's history.
  audit: {
    path: '/audit',
    access: adminOnly('Only administrators can read the audit trail'),
    getHref: (target?: { targetType: string; targetId: string }) =>
      target
        ? `/audit?${new URLSearchParams({ targetType: target.targetType, targetId: target.targetId }).toString()}`
        : '/audit',
  },
  partnerInventory: {
    path: '/partner-inventory',
    access: companyOnly('Partner inventory is available to partner accounts only.'),
  },
  // Issue 39: a partner's monthly statements; the detail is the partner's and the administrator's.
  statements: { path: '/statements', access: companyOnly('Statements are for partner accounts.') },
  statement: {
    path: '/statements/:id',
    access: {
      kind: 'role',
      roles: ['company_admin', 'super_admin'],
      denial: 'Statements are for partners and administrators.',
    },
    getHref: (id: string) => `/statements/${encodeURIComponent(id)}`,
  },
  adminStatements: {
    path: '/admin-statements',
    access: adminOnly('Only administrators can manage statements'),
  },
  // Issue 41: the club's members.
  members: { path: '/members', access: adminOnly('Only administrators can manage members') },
  member: {
    path: '/members/:id',
    access: adminOnly('Only administrators can manage members'),
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
