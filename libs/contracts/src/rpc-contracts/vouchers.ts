import { z } from 'zod';
import { messageResponseSchema } from '../auth';
import { uuidParam, publicVoucherId } from '../common';
import {
  createExclusiveRequestSchema,
  exclusiveSchema,
  exclusivesPageSchema,
  listExclusivesRequestSchema,
} from '../exclusives';
import { uploadsInUseRequestSchema, uploadsInUseResponseSchema } from '../partners';
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
} from '../vouchers';
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
} from '../trainers';
import {
  cancelRedemptionResponseSchema,
  cancelRedemptionRpcSchema,
  tillCheckRpcSchema,
  tillCodesRequestSchema,
  tillCodesResponseSchema,
  tillCheckResponseSchema,
  tillMemberCodesRequestSchema,
  tillMemberCodesResponseSchema,
  tillRecentRequestSchema,
  tillRecentResponseSchema,
  tillRedeemResponseSchema,
  tillRedeemRpcSchema,
  updateVoucherSettingsSchema,
  voucherSettingsSchema,
} from '../till';
import {
  handleTillConflictRpcSchema,
  tillConflictSchema,
  tillConflictsPageSchema,
  tillConflictsRequestSchema,
} from '../till-conflicts';
import {
  heldVouchersPageSchema,
  heldVouchersRequestSchema,
  checkSendSourceRequestSchema,
  checkSendSourceResponseSchema,
  issueToMembersRequestSchema,
  issueToMembersResponseSchema,
} from '../member-vouchers';
import { contract, empty, byId, health } from './contract';

/** The vouchers subjects of RPC_CONTRACTS (rpc-contracts.ts). */
export const vouchersContracts = {
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
  /**
   * Internal (issue 43): a member's codes a partner's till may honour (partnerId null: the
   * administrator), each as the till check answers it; the gateway's POST /api/till/pass calls it.
   */
  'vouchers.till.member-codes.v1': contract(
    'tillMemberCodes',
    tillMemberCodesRequestSchema,
    tillMemberCodesResponseSchema,
  ),
  /** GET /api/till/conflicts (issue 43): offline redemptions refused at sync, "Needs attention". */
  'vouchers.till.conflicts.v1': contract(
    'tillConflicts',
    tillConflictsRequestSchema,
    tillConflictsPageSchema,
  ),
  /** POST /api/till/conflicts/{id}/handle with the optional Idempotency-Key. */
  'vouchers.till.conflicts.handle.v1': contract(
    'handleTillConflict',
    handleTillConflictRpcSchema,
    tillConflictSchema,
  ),
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
    updateVoucherSettingsSchema,
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
  /**
   * Internal (members -> vouchers, issue 41): one code per member from a voucher or a batch, its holder
   * recorded; idempotent per (member, source). No actor (a worker) or the administrator.
   */
  'vouchers.members.issue.v1': contract(
    'issueToMembers',
    issueToMembersRequestSchema,
    issueToMembersResponseSchema,
  ),
  /** Internal (members -> vouchers): whether a send's voucher or batch exists and may be given out. */
  'vouchers.members.check-source.v1': contract(
    'checkSendSource',
    checkSendSourceRequestSchema,
    checkSendSourceResponseSchema,
  ),
  /** Internal (members -> vouchers): a member's codes, active first, then used and expired, newest first. */
  'vouchers.members.held.v1': contract('heldVouchers', heldVouchersRequestSchema, heldVouchersPageSchema),
} as const;
