import { z } from 'zod';
import {
  authResponseSchema,
  changePasswordRequestSchema,
  companyLoginRequestSchema,
  currentUserSchema,
  loginRequestSchema,
  messageResponseSchema,
  signInAttackSchema,
  updateProfileRequestSchema,
} from './auth';
import { uuidParam, publicVoucherId } from './common';
import {
  createExclusiveRequestSchema,
  exclusiveSchema,
  exclusivesPageSchema,
  listExclusivesRequestSchema,
} from './exclusives';
import {
  athleteCreditSchema,
  createCreditRequestSchema,
  creditListQuerySchema,
  creditSummarySchema,
  creditTransactionSchema,
  deleteCreditResponseSchema,
  recordCreditTransactionRequestSchema,
  recordLedgerTransactionRequestSchema,
  recordTransactionResponseSchema,
  spendableAthletesPageSchema,
  spendableAthletesQuerySchema,
  transactionListQuerySchema,
  voidTransactionRequestSchema,
  voidTransactionResponseSchema,
} from './credits';
import { auditPageSchema, auditPeopleQuerySchema, auditPeopleSchema, auditQuerySchema } from './audit';
import { serviceHealthSchema } from './health';
import {
  googleWalletLinkSchema,
  latestWalletPassRequestSchema,
  latestWalletPassSchema,
  registerWalletDeviceResponseSchema,
  registerWalletDeviceSchema,
  unregisterWalletDeviceSchema,
  walletAvailabilitySchema,
  walletDeviceLogSchema,
  walletPassFileSchema,
  walletPassRequestSchema,
  walletUpdatedPassesRequestSchema,
  walletUpdatedPassesSchema,
} from './wallet';
import {
  addVendorPhotoRequestSchema,
  companySummarySchema,
  createPortalUserRequestSchema,
  createVendorRequestSchema,
  portalUserSchema,
  publicPartnersQuerySchema,
  publicPartnersResponseSchema,
  vendorsByIdsRequestSchema,
  vendorsByIdsResponseSchema,
  updatePortalUserRequestSchema,
  updateVendorRequestSchema,
  uploadsInUseRequestSchema,
  uploadsInUseResponseSchema,
  vendorListQuerySchema,
  vendorSchema,
} from './partners';
import {
  bulkDownloadZipRequestSchema,
  downloadQrRequestSchema,
  generateQrImageRequestSchema,
  jobIdRequestSchema,
  renderedFileSchema,
  zipJobFileSchema,
  zipJobSchema,
} from './rendering';
import {
  allocationListQuerySchema,
  allocationPageSchema,
  allocationSchema,
  bulkInventoryRequestSchema,
  bulkInventoryResponseSchema,
  createAllocationRequestSchema,
  createInventoryRequestSchema,
  inventoryLineSchema,
  inventorySummarySchema,
  inventoryTransactionListQuerySchema,
  inventoryTransactionSchema,
  itemLinesQuerySchema,
  merchItemFieldsSchema,
  merchItemListQuerySchema,
  merchItemSchema,
  restockRequestSchema,
  updateUsageRequestSchema,
} from './inventory';
import { actorSchema } from './roles';
import {
  assignPartnersRequestSchema,
  bulkAssignPartnersRequestSchema,
  bulkAssignPartnersResponseSchema,
  partnerOfferCountsRequestSchema,
  partnerOfferCountsResponseSchema,
  batchDetailSchema,
  batchSummarySchema,
  bulkGenerateRequestSchema,
  bulkGenerateResponseSchema,
  generateQrRequestSchema,
  idempotencyKeyField,
  batchListQuerySchema,
  codeListQuerySchema,
  redemptionListQuerySchema,
  listQuerySchema,
  pageSchema,
  publicStatsSchema,
  publicVoucherSchema,
  qrCodePartnerSchema,
  qrCodeSchema,
  redeemRequestSchema,
  redeemResponseSchema,
  redemptionSchema,
  resolveVouchersRequestSchema,
  resolvedVouchersPageSchema,
  resolveLinksRequestSchema,
  resolvedLinksPageSchema,
  chunkStartsRequestSchema,
  chunkStartsSchema,
  voucherStatsSchema,
  codeTitlesRequestSchema,
  codeTitlesResponseSchema,
} from './vouchers';
import {
  generateTrainerQrRequestSchema,
  generateTrainerQrResponseSchema,
  savedTrainerConfigSchema,
  trainerAnalyticsQuerySchema,
  trainerAnalyticsSchema,
  trainerConfigSchema,
  trainerExportPageRequestSchema,
  trainerExportPageSchema,
  trainerListQuerySchema,
  trainerPageSchema,
} from './trainers';
import {
  cancelRedemptionResponseSchema,
  cancelRedemptionRpcSchema,
  tillCheckRpcSchema,
  tillCodesRequestSchema,
  tillCodesResponseSchema,
  tillCheckResponseSchema,
  tillRecentRequestSchema,
  tillRecentResponseSchema,
  tillRedeemResponseSchema,
  tillRedeemRpcSchema,
  voucherSettingsSchema,
} from './till';

/**
 * Every NATS request subject, tied to the zod schemas of its request and its answer. The request
 * schema is what the service receives, including what the gateway adds (the path's id, a header, the
 * page's origin): the service's `@RpcHandler(subject)` validates it once, at the service's boundary,
 * and its field errors are the 400 body the client reads. The gateway forwards bodies unparsed
 * (docs/decisions/0029-a-request-is-validated-once-by-the-service-that-owns-its.md); `rpc.call(subject, …)`
 * is typed by this map, and the OpenAPI document is derived from it.
 *
 * Frozen once deployed: a changed request or answer gets a new subject with the next version suffix.
 * The transport prefixes each subject with NATS_NAMESPACE.
 *
 * `contract(name, request, response)`: `name` is the subject's friendly name in the `RPC` map
 * (`RPC.<service>.<name>`, derived in subjects.ts), unique within its service.
 */
const contract = <const Name extends string, Req extends z.ZodType, Res extends z.ZodType>(
  name: Name,
  request: Req,
  response: Res,
) => ({ name, request, response });

const empty = z.object({});
const byId = z.object({ id: uuidParam });
/** A removal that gives stock or money back: the path's id and the optional `Idempotency-Key`. */
const byIdOnce = byId.extend({ idempotencyKey: idempotencyKeyField });
const health = contract('health', empty, serviceHealthSchema);
const token = z.object({ token: z.string().min(1).max(512) });
const companyScope = z.object({ companyId: uuidParam });
const partnerScope = z.object({ partnerId: uuidParam });

/** A PATCH changes only the fields sent: fields that were absent (undefined after parsing) are dropped. */
const sentOnly = <T extends Record<string, unknown>>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export const RPC_CONTRACTS = {
  // ---- identity ----------------------------------------------------------------------------
  'identity.health.v1': health,
  'identity.auth.login.v1': contract('login', loginRequestSchema, authResponseSchema),
  'identity.auth.company-login.v1': contract('companyLogin', companyLoginRequestSchema, authResponseSchema),
  /** The gateway's bearer check: the session's actor, or null. */
  'identity.auth.resolve-session.v1': contract('resolveSession', token, actorSchema.nullable()),
  /**
   * Internal (gateway): the actor of a live session by its id (Actor.sessionId, the SHA-256 of its
   * token), for what stands for a session without carrying its token (the queue board's cookie, a
   * download link); it counts as a use of the session. Null once the session has ended.
   */
  'identity.auth.session-actor.v1': contract(
    'sessionActor',
    z.object({ sessionId: z.string().regex(/^[0-9a-f]{64}$/, 'Not a session id') }),
    actorSchema.nullable(),
  ),
  'identity.auth.logout.v1': contract('logout', token, messageResponseSchema),
  'identity.auth.current-user.v1': contract('currentUser', empty, currentUserSchema),
  /** The administrator's dashboard: accounts whose sign-ins are being slowed down now (polled). */
  'identity.auth.sign-in-attacks.v1': contract('signInAttacks', empty, signInAttackSchema.array()),
  'identity.admin.update-profile.v1': contract(
    'updateProfile',
    updateProfileRequestSchema,
    currentUserSchema,
  ),
  'identity.admin.change-password.v1': contract(
    'changePassword',
    changePasswordRequestSchema,
    messageResponseSchema,
  ),
  /** Internal (partners -> identity). */
  'identity.users.create-portal-user.v1': contract(
    'createPortalUser',
    companyScope.extend({ user: createPortalUserRequestSchema }),
    portalUserSchema,
  ),
  'identity.users.list-company-users.v1': contract(
    'listCompanyUsers',
    companyScope,
    portalUserSchema.array(),
  ),
  'identity.users.set-active.v1': contract(
    'setUserActive',
    companyScope.extend({ userId: uuidParam }).extend(updatePortalUserRequestSchema.shape),
    portalUserSchema,
  ),
  /** GET /api/audit/people (super_admin): the audit person picker's type-ahead, by username prefix. */
  'identity.users.search.v1': contract('searchUsers', auditPeopleQuerySchema, auditPeopleSchema),
  /**
   * Internal (rendering -> identity): who a user is now (role and company from the user's record, not
   * from any job or request that names them), or null when the user is unknown or deactivated.
   */
  'identity.users.actor.v1': contract('userActor', z.object({ userId: uuidParam }), actorSchema.nullable()),

  // ---- partners ----------------------------------------------------------------------------
  'partners.health.v1': health,
  /** Every partner: for services that check ids (the screen pages with partners.vendors.page.v1). */
  'partners.vendors.list.v1': contract('list', empty, vendorSchema.array()),
  /** GET /api/vendors: one page, searched and filtered by category, newest first. */
  'partners.vendors.page.v1': contract('page', vendorListQuerySchema, pageSchema(vendorSchema)),
  /** Which uploaded files a partner's logo or gallery still uses (the gateway deletes the rest). */
  'partners.uploads.in-use.v1': contract(
    'uploadsInUse',
    uploadsInUseRequestSchema,
    uploadsInUseResponseSchema,
  ),
  'partners.vendors.get.v1': contract('get', byId, vendorSchema),
  'partners.vendors.create.v1': contract('create', createVendorRequestSchema, vendorSchema),
  /** PATCH /api/vendors/{id}: the body's fields and the path's id, flat (field errors read `name`). */
  'partners.vendors.update.v1': contract(
    'update',
    updateVendorRequestSchema
      .extend({ id: uuidParam })
      .transform(({ id, ...changes }) => ({ id, changes: sentOnly(changes) })),
    vendorSchema,
  ),
  'partners.vendors.remove.v1': contract('remove', byId, messageResponseSchema),
  'partners.companies.list.v1': contract('listCompanies', empty, companySummarySchema.array()),
  /** GET /api/public/partners: the old list without a query, a keyset page with one (issue 24). */
  'partners.public.list.v1': contract('publicList', publicPartnersQuerySchema, publicPartnersResponseSchema),
  /** Internal (vouchers -> partners): a few partners' public details, for the voucher page. */
  'partners.vendors.get-many.v1': contract('getMany', vendorsByIdsRequestSchema, vendorsByIdsResponseSchema),
  'partners.vendors.add-photo.v1': contract('addPhoto', addVendorPhotoRequestSchema, vendorSchema),
  'partners.users.list.v1': contract('listUsers', partnerScope, portalUserSchema.array()),
  'partners.users.create.v1': contract(
    'createUser',
    createPortalUserRequestSchema.extend(partnerScope.shape),
    portalUserSchema,
  ),
  'partners.users.set-active.v1': contract(
    'setUserActive',
    partnerScope.extend({ userId: uuidParam }).extend(updatePortalUserRequestSchema.shape),
    portalUserSchema,
  ),

  // ---- vouchers ----------------------------------------------------------------------------
  'vouchers.health.v1': health,
  /** deploymentUrl is the page's origin, added by the gateway when the body has none. */
  'vouchers.codes.generate.v1': contract('generate', generateQrRequestSchema, qrCodeSchema),
  'vouchers.codes.bulk-generate.v1': contract(
    'bulkGenerate',
    bulkGenerateRequestSchema,
    bulkGenerateResponseSchema,
  ),
  /** GET /api/qr-codes: the signed-in user's recent codes (super_admin: all; company: assigned). */
  'vouchers.codes.list-recent.v1': contract('listRecent', empty, qrCodeSchema.array()),
  /** GET /api/qr-codes/all: the company's codes (super_admin: all). */
  'vouchers.codes.list-for-actor.v1': contract('listForActor', codeListQuerySchema, pageSchema(qrCodeSchema)),
  /** GET /api/qr-codes/{id}: public voucher read; a malformed id is not found. */
  'vouchers.codes.get-public.v1': contract(
    'getPublic',
    z.object({ id: publicVoucherId }),
    publicVoucherSchema,
  ),
  /** Internal (gateway's audit names, issue 44): codes' titles by id, the missing left out. */
  'vouchers.codes.titles.v1': contract('codeTitles', codeTitlesRequestSchema, codeTitlesResponseSchema),
  /** POST /api/redeem/{id} with the optional Idempotency-Key header. */
  'vouchers.codes.redeem.v1': contract('redeem', redeemRequestSchema, redeemResponseSchema),
  /** POST /api/till/check: the till's card of a scanned or typed code; no write (issue 25). */
  'vouchers.till.check.v1': contract('tillCheck', tillCheckRpcSchema, tillCheckResponseSchema),
  /** POST /api/till/redeem with the optional Idempotency-Key header. */
  'vouchers.till.redeem.v1': contract('tillRedeem', tillRedeemRpcSchema, tillRedeemResponseSchema),
  /** GET /api/till/recent: today's redemptions at this partner's till, newest first. */
  'vouchers.till.recent.v1': contract('tillRecent', tillRecentRequestSchema, tillRecentResponseSchema),
  /** GET /api/till/codes: the till's offline copy of the codes its partner may honour, whole or by delta (issue 37). */
  'vouchers.till.codes.v1': contract('tillCodes', tillCodesRequestSchema, tillCodesResponseSchema),
  /** POST /api/redemptions/{id}/cancel: undo a redemption, giving the use back. */
  'vouchers.redemptions.cancel.v1': contract(
    'cancelRedemption',
    cancelRedemptionRpcSchema,
    cancelRedemptionResponseSchema,
  ),
  /** GET /api/settings/vouchers: the club-wide defaults of new codes (any signed-in user). */
  'vouchers.settings.get.v1': contract('getVoucherSettings', empty, voucherSettingsSchema),
  /** PUT /api/settings/vouchers (super_admin). */
  'vouchers.settings.update.v1': contract(
    'updateVoucherSettings',
    voucherSettingsSchema,
    voucherSettingsSchema,
  ),
  /** DELETE /api/qr-codes/{id}: super_admin deletes; a company removes the code from itself only. */
  'vouchers.codes.remove.v1': contract('remove', byId, messageResponseSchema),
  'vouchers.admin.stats.v1': contract('adminStats', empty, voucherStatsSchema),
  /** GET /api/public/stats: totals for anyone. */
  'vouchers.public.stats.v1': contract('publicStats', empty, publicStatsSchema),
  'vouchers.admin.list.v1': contract('adminList', codeListQuerySchema, pageSchema(qrCodeSchema)),
  'vouchers.admin.redemptions.v1': contract(
    'adminRedemptions',
    redemptionListQuerySchema,
    pageSchema(redemptionSchema),
  ),
  'vouchers.admin.batches.v1': contract('adminBatches', batchListQuerySchema, pageSchema(batchSummarySchema)),
  'vouchers.admin.batch.v1': contract('adminBatch', byId, batchDetailSchema),
  'vouchers.company.stats.v1': contract('companyStats', empty, voucherStatsSchema),
  'vouchers.company.redemptions.v1': contract(
    'companyRedemptions',
    redemptionListQuerySchema,
    pageSchema(redemptionSchema),
  ),
  'vouchers.assignment.list.v1': contract('listPartners', byId, qrCodePartnerSchema.array()),
  'vouchers.assignment.replace.v1': contract(
    'assignPartners',
    assignPartnersRequestSchema.extend({ id: uuidParam }),
    qrCodePartnerSchema.array(),
  ),
  /** POST /api/qr-codes/assign-partners: a batch or a selection to partners, in one transaction. */
  'vouchers.assignment.bulk.v1': contract(
    'bulkAssignPartners',
    bulkAssignPartnersRequestSchema,
    bulkAssignPartnersResponseSchema,
  ),
  /** Internal (partners -> vouchers): the landing page's offer figures of a page of partners. */
  'vouchers.assignment.offer-counts.v1': contract(
    'partnerOfferCounts',
    partnerOfferCountsRequestSchema,
    partnerOfferCountsResponseSchema,
  ),
  'vouchers.assignment.list-for-vendor.v1': contract(
    'listForVendor',
    listQuerySchema.extend({ id: uuidParam }),
    pageSchema(qrCodeSchema),
  ),
  /** POST /api/project-rooted-exclusives (super_admin): the discount is inferred from the details' value. */
  'vouchers.exclusives.create.v1': contract('createExclusive', createExclusiveRequestSchema, exclusiveSchema),
  /** GET /api/project-rooted-exclusives: exclusives only, a page of one tab plus every tab's count. */
  'vouchers.exclusives.list.v1': contract(
    'listExclusives',
    listExclusivesRequestSchema,
    exclusivesPageSchema,
  ),
  /** Which uploaded files a voucher still shows as its logo (the gateway deletes the rest). */
  'vouchers.uploads.in-use.v1': contract(
    'uploadsInUse',
    uploadsInUseRequestSchema,
    uploadsInUseResponseSchema,
  ),
  /** Internal (rendering -> vouchers): the codes an actor may print, by ids, batch or all. */
  'vouchers.render.resolve.v1': contract(
    'resolveForRender',
    resolveVouchersRequestSchema,
    resolvedVouchersPageSchema,
  ),
  /** Internal: the same codes as resolve, as bare QR renders need them (link and title only). */
  'vouchers.render.resolve-links.v1': contract(
    'resolveLinks',
    resolveLinksRequestSchema,
    resolvedLinksPageSchema,
  ),
  'vouchers.render.chunk-starts.v1': contract('chunkStarts', chunkStartsRequestSchema, chunkStartsSchema),
  // Trainer/athlete codes (issue 13).
  'vouchers.trainers.generate.v1': contract(
    'generateTrainer',
    generateTrainerQrRequestSchema,
    generateTrainerQrResponseSchema,
  ),
  /** Administrator: every trainer code; company: the trainer codes assigned to it. */
  'vouchers.trainers.list.v1': contract('listTrainers', trainerListQuerySchema, trainerPageSchema),
  'vouchers.trainers.get-config.v1': contract('getTrainerConfig', empty, savedTrainerConfigSchema),
  'vouchers.trainers.save-config.v1': contract(
    'saveTrainerConfig',
    trainerConfigSchema,
    savedTrainerConfigSchema,
  ),
  'vouchers.trainers.analytics.v1': contract(
    'trainerAnalytics',
    trainerAnalyticsQuerySchema,
    trainerAnalyticsSchema,
  ),
  /** Internal (gateway -> vouchers): one page of the CSV export. */
  'vouchers.trainers.export-page.v1': contract(
    'trainerExportPage',
    trainerExportPageRequestSchema,
    trainerExportPageSchema,
  ),

  // ---- audit (issue 26) -------------------------------------------------------------------------
  'audit.health.v1': health,
  /** GET /api/audit: newest first, keyset-paged; super_admin all, company_admin its company's entries. */
  'audit.entries.list.v1': contract('list', auditQuerySchema, auditPageSchema),
  /** GET /api/audit/export: one page of the CSV (same query and visibility), walked by cursor. */
  'audit.entries.export-page.v1': contract('exportPage', auditQuerySchema, auditPageSchema),
  // ---- credits, inventory ------------------------------------------------------------------
  'credits.health.v1': health,
  /** GET /api/athlete-credits (super_admin): every active allocation, paged, searchable. */
  'credits.credits.list.v1': contract('list', creditListQuerySchema, pageSchema(athleteCreditSchema)),
  'credits.credits.create.v1': contract('create', createCreditRequestSchema, athleteCreditSchema),
  /** DELETE /api/athlete-credits/{id}: removed without transactions, deactivated with them. */
  'credits.credits.remove.v1': contract('remove', byIdOnce, deleteCreditResponseSchema),
  /** GET /api/partner-athlete-credits: the credits the actor may process (a company: its own and unassigned). */
  'credits.credits.list-for-partner.v1': contract(
    'listForPartner',
    creditListQuerySchema,
    pageSchema(athleteCreditSchema),
  ),
  /** GET /api/credits/spendable-athletes: the till's athlete type-ahead (credits with money to spend now). */
  'credits.credits.spendable-athletes.v1': contract(
    'spendableAthletes',
    spendableAthletesQuerySchema,
    spendableAthletesPageSchema,
  ),
  /** GET /api/credits/partner-summary: the Partner Credits cards (counters). */
  'credits.credits.summary.v1': contract('summary', empty, creditSummarySchema),
  /** GET /api/credit-transactions (super_admin): the ledger. */
  'credits.transactions.list.v1': contract(
    'transactions',
    transactionListQuerySchema,
    pageSchema(creditTransactionSchema),
  ),
  /** POST /api/credit-transactions (super_admin), with the optional Idempotency-Key header. */
  'credits.transactions.record-ledger.v1': contract(
    'recordLedger',
    recordLedgerTransactionRequestSchema,
    recordTransactionResponseSchema,
  ),
  /** POST /api/credits/{id}/transactions (the till), with the optional Idempotency-Key header. */
  'credits.transactions.record.v1': contract(
    'record',
    recordCreditTransactionRequestSchema,
    recordTransactionResponseSchema,
  ),
  'credits.transactions.void.v1': contract(
    'voidTransaction',
    voidTransactionRequestSchema,
    voidTransactionResponseSchema,
  ),
  /** GET /api/credits/partner-transactions: a company's own transactions (super_admin: all). */
  'credits.transactions.list-for-partner.v1': contract(
    'partnerTransactions',
    transactionListQuerySchema,
    pageSchema(creditTransactionSchema),
  ),
  'inventory.health.v1': health,
  /** GET /api/merch-items (keyset page). */
  'inventory.items.list.v1': contract('listItems', merchItemListQuerySchema, pageSchema(merchItemSchema)),
  /** POST /api/merch-items: the multipart form's fields plus the stored image's URL. */
  'inventory.items.create.v1': contract('createItem', merchItemFieldsSchema, merchItemSchema),
  'inventory.items.update.v1': contract(
    'updateItem',
    merchItemFieldsSchema.extend({ id: uuidParam }),
    merchItemSchema,
  ),
  'inventory.items.remove.v1': contract('removeItem', byId, messageResponseSchema),
  /** GET /api/merch-items/{id}/inventory: every line of the item (at most sizes x colours), sorted and filtered. */
  'inventory.items.lines.v1': contract('itemLines', itemLinesQuerySchema, inventoryLineSchema.array()),
  'inventory.lines.create.v1': contract('createLine', createInventoryRequestSchema, inventoryLineSchema),
  'inventory.lines.restock.v1': contract('restock', restockRequestSchema, inventoryLineSchema),
  'inventory.lines.bulk-create.v1': contract(
    'bulkCreateLines',
    bulkInventoryRequestSchema,
    bulkInventoryResponseSchema,
  ),
  'inventory.summary.get.v1': contract('summary', empty, inventorySummarySchema),
  /** GET /api/inventory-transactions: the administrator's (by line) or the partner's own. */
  'inventory.transactions.list.v1': contract(
    'listTransactions',
    inventoryTransactionListQuerySchema,
    pageSchema(inventoryTransactionSchema),
  ),
  'inventory.allocations.list.v1': contract(
    'listAllocations',
    allocationListQuerySchema,
    allocationPageSchema,
  ),
  'inventory.allocations.create.v1': contract(
    'createAllocation',
    createAllocationRequestSchema,
    allocationSchema,
  ),
  'inventory.allocations.remove.v1': contract('removeAllocation', byIdOnce, messageResponseSchema),
  'inventory.allocations.update-usage.v1': contract(
    'updateUsage',
    updateUsageRequestSchema,
    allocationSchema,
  ),

  // ---- rendering ---------------------------------------------------------------------------
  'rendering.health.v1': health,
  /** POST /api/generate-qr-image: the voucher card of the id in qrUrl or qrData.id. */
  'rendering.files.render-card.v1': contract('renderCard', generateQrImageRequestSchema, renderedFileSchema),
  /** POST /api/download-qr: the bare QR (or, with variant card, the card). */
  'rendering.files.render.v1': contract('render', downloadQrRequestSchema, renderedFileSchema),
  /** POST /api/bulk-download-zip: enqueues a ZIP job. */
  'rendering.jobs.create-zip.v1': contract('createZipJob', bulkDownloadZipRequestSchema, zipJobSchema),
  'rendering.jobs.get.v1': contract('getJob', jobIdRequestSchema, zipJobSchema),
  /** The finished file's name and where it is (relative to the shared DATA_DIR), for the job's owner. */
  'rendering.jobs.file.v1': contract('jobFile', jobIdRequestSchema, zipJobFileSchema),

  // ---- wallet (issue 29) ---------------------------------------------------------------------
  'wallet.health.v1': health,
  /** GET /api/wallet: which wallets are configured (the voucher page shows only those badges). */
  'wallet.availability.get.v1': contract('availability', empty, walletAvailabilitySchema),
  /** GET /api/qr-codes/{id}/pass.pkpass: the voucher's signed Apple Wallet pass. */
  'wallet.apple.pass.v1': contract('applePass', walletPassRequestSchema, walletPassFileSchema),
  /** GET /api/qr-codes/{id}/google-wallet: the "Save to Google Wallet" link. */
  'wallet.google.save-link.v1': contract('googleSaveLink', walletPassRequestSchema, googleWalletLinkSchema),
  /** Apple's PassKit web service (webServiceURL = {origin}/api/wallet). */
  'wallet.apple.register.v1': contract(
    'registerDevice',
    registerWalletDeviceSchema,
    registerWalletDeviceResponseSchema,
  ),
  'wallet.apple.unregister.v1': contract('unregisterDevice', unregisterWalletDeviceSchema, z.object({})),
  'wallet.apple.updated-passes.v1': contract(
    'updatedPasses',
    walletUpdatedPassesRequestSchema,
    walletUpdatedPassesSchema,
  ),
  'wallet.apple.latest-pass.v1': contract(
    'latestPass',
    latestWalletPassRequestSchema,
    latestWalletPassSchema,
  ),
  'wallet.apple.log.v1': contract('deviceLog', walletDeviceLogSchema, z.object({})),
} as const;

export type RpcContracts = typeof RPC_CONTRACTS;
export type RpcSubject = keyof RpcContracts;
/** What a caller sends (before parsing: 'unlimited', '5', an id object…). */
export type RpcRequestInput<S extends RpcSubject> = z.input<RpcContracts[S]['request']>;
/** What the handler receives, parsed and validated by its contract. */
export type RpcRequestPayload<S extends RpcSubject> = z.output<RpcContracts[S]['request']>;
/** What the handler answers and the caller receives. */
export type RpcResponse<S extends RpcSubject> = z.infer<RpcContracts[S]['response']>;

export const RPC_SUBJECTS = Object.keys(RPC_CONTRACTS) as RpcSubject[];

export function isRpcSubject(value: string): value is RpcSubject {
  return Object.prototype.hasOwnProperty.call(RPC_CONTRACTS, value);
}
