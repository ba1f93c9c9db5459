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
  vouchers: {
    health: 'vouchers.health',
    generate: 'vouchers.codes.generate',
    bulkGenerate: 'vouchers.codes.bulk-generate',
    /** GET /api/qr-codes: the signed-in user's recent codes (super_admin: all; company: assigned). */
    listRecent: 'vouchers.codes.list-recent',
    /** GET /api/qr-codes/all: the company's codes (super_admin: all). */
    listForActor: 'vouchers.codes.list-for-actor',
    /** GET /api/qr-codes/{id}: public voucher read. */
    getPublic: 'vouchers.codes.get-public',
    redeem: 'vouchers.codes.redeem',
    /** DELETE /api/qr-codes/{id}: super_admin deletes; a company removes the code from itself only. */
    remove: 'vouchers.codes.remove',
    adminStats: 'vouchers.admin.stats',
    /** GET /api/public/stats: totals for anyone. */
    publicStats: 'vouchers.public.stats',
    adminList: 'vouchers.admin.list',
    adminRedemptions: 'vouchers.admin.redemptions',
    adminBatches: 'vouchers.admin.batches',
    adminBatch: 'vouchers.admin.batch',
    companyStats: 'vouchers.company.stats',
    companyRedemptions: 'vouchers.company.redemptions',
    listPartners: 'vouchers.assignment.list',
    assignPartners: 'vouchers.assignment.replace',
    listForVendor: 'vouchers.assignment.list-for-vendor',
    /** Internal (rendering): the codes an actor may print, by ids, batch or all. */
    resolveForRender: 'vouchers.render.resolve',
  },
  credits: { health: 'credits.health' },
  inventory: { health: 'inventory.health' },
  rendering: {
    health: 'rendering.health',
    /** One file: { id, format, variant } -> RenderedFile (base64). */
    render: 'rendering.files.render',
    createZipJob: 'rendering.jobs.create-zip',
    getJob: 'rendering.jobs.get',
    /** The finished file's path under the shared DATA_DIR, for the job's owner. */
    jobFile: 'rendering.jobs.file',
  },
} as const;

export const SERVICE_NAMES = [
  'identity',
  'partners',
  'vouchers',
  'credits',
  'inventory',
  'rendering',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
