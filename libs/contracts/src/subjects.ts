/**
 * NATS request-reply patterns, one per use case. The transport prefixes each with the deployment's
 * namespace (NATS_NAMESPACE), so two deployments or test runs on one NATS server never answer each
 * other. Frozen once deployed: rename only with a new version suffix.
 */
export const RPC = {
  identity: {
    health: 'identity.health',
    login: 'identity.auth.login',
    companyLogin: 'identity.auth.company-login',
    resolveSession: 'identity.auth.resolve-session',
    logout: 'identity.auth.logout',
    currentUser: 'identity.auth.current-user',
    updateProfile: 'identity.admin.update-profile',
    changePassword: 'identity.admin.change-password',
    createPortalUser: 'identity.users.create-portal-user',
    listCompanyUsers: 'identity.users.list-company-users',
    setUserActive: 'identity.users.set-active',
  },
  partners: {
    health: 'partners.health',
    list: 'partners.vendors.list',
    get: 'partners.vendors.get',
    create: 'partners.vendors.create',
    update: 'partners.vendors.update',
    remove: 'partners.vendors.remove',
    listCompanies: 'partners.companies.list',
    publicList: 'partners.public.list',
    addPhoto: 'partners.vendors.add-photo',
    listUsers: 'partners.users.list',
    createUser: 'partners.users.create',
    setUserActive: 'partners.users.set-active',
  },
  vouchers: { health: 'vouchers.health' },
  credits: { health: 'credits.health' },
  inventory: { health: 'inventory.health' },
  rendering: { health: 'rendering.health' },
} as const;

export const SERVICE_NAMES = ['identity', 'partners', 'vouchers', 'credits', 'inventory', 'rendering'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
