/**
 * Vouchers (QR codes), their redemptions, partner assignment and bulk batches: the REST contract of
 * spec section 7 ("Public", "QR codes", "Stats, admin lists"), shared by the gateway, the vouchers
 * service and the frontend.
 */

// One file per aggregate under vouchers/, re-exported here by name (importers keep importing this
// file; the folder's shared helpers stay out of the package's exports).
export {
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_MESSAGE,
  idempotencyKeyField,
  QR_TYPES,
  DEFAULT_BULK_MAX_QUANTITY,
  BULK_FIRST_PAGE,
  bulkMaxMessage,
  DATE_ONLY_PATTERN,
  MIN_EXPIRATION_YEAR,
  MAX_EXPIRATION_YEAR,
  expirationDateField,
  startDateField,
  START_AFTER_EXPIRY_MESSAGE,
  checkStartDate,
  partnerIdField,
  PARTNER_NAME_MESSAGE,
  USAGE_LIMIT_REQUIRED_MESSAGE,
  usageLimitField,
  WHOLE_NUMBERS_MESSAGE,
  PAST_EXPIRY_MESSAGE,
  MAX_DISCOUNT_VALUE,
  type QrType,
} from './vouchers/code-fields';
export {
  generateQrRequestSchema,
  bulkGenerateRequestSchema,
  type GenerateQrRequest,
  type GenerateQrInput,
  type BulkGenerateRequest,
  type BulkGenerateInput,
} from './vouchers/generate';
export {
  exclusiveDetailsSchema,
  qrCodeSchema,
  voucherPartnerSchema,
  lastRedemptionSchema,
  publicVoucherSchema,
  generatedQrSchema,
  type ExclusiveDetails,
  type QrCode,
  type VoucherPartner,
  type LastRedemption,
  type PublicVoucher,
} from './vouchers/codes';
export {
  redeemRequestSchema,
  redeemResponseSchema,
  redemptionSchema,
  type RedeemResponse,
  type Redemption,
} from './vouchers/redemptions';
export { voucherStatsSchema, publicStatsSchema, type VoucherStats, type PublicStats } from './vouchers/stats';
export {
  batchSummarySchema,
  batchCodeSchema,
  batchDetailSchema,
  bulkGenerateResponseSchema,
  type BatchSummary,
  type BatchCode,
  type BatchDetail,
  type BulkGenerateResponse,
} from './vouchers/batches';
export {
  listQuerySchema,
  CODE_SORTS,
  SORT_ORDERS,
  CODE_SORT_DEFAULT_ORDER,
  codeListQuerySchema,
  redemptionListQuerySchema,
  BATCH_SORTS,
  BATCH_SORT_DEFAULT_ORDER,
  batchListQuerySchema,
  pageSchema,
  type ListQuery,
  type CodeSort,
  type SortOrder,
  type CodeListQuery,
  type RedemptionListQuery,
  type BatchSort,
  type BatchListQuery,
  type Page,
} from './vouchers/lists';
export {
  qrCodePartnerSchema,
  assignPartnersRequestSchema,
  BULK_ASSIGN_MAX_IDS,
  bulkAssignPartnersRequestSchema,
  bulkAssignPartnersResponseSchema,
  type QrCodePartner,
  type AssignPartnersRequest,
  type BulkAssignPartnersRequest,
  type BulkAssignPartnersResponse,
} from './vouchers/assignment';
export {
  partnerOfferCountsRequestSchema,
  partnerOfferCountsResponseSchema,
  codeTitlesRequestSchema,
  codeTitlesResponseSchema,
  RESOLVE_MAX_IDS,
  resolveVouchersRequestSchema,
  chunkStartsRequestSchema,
  chunkStartsSchema,
  resolvedVouchersPageSchema,
  resolveLinksRequestSchema,
  renderLinkSchema,
  resolvedLinksPageSchema,
  type PartnerOfferCounts,
  type ResolveVouchersRequest,
  type ChunkStarts,
  type ResolvedVouchersPage,
  type ResolveLinksRequest,
  type RenderLink,
  type ResolvedLinksPage,
} from './vouchers/internal';
/** Written once in libs/domain (exclusive.ts), with the discount inference and the status rule. */
export { EXCLUSIVE_TYPES, type ExclusiveType } from '@avpass/domain';
export {
  REDEEM_REFUSALS,
  UNAVAILABLE_TITLES,
  VOUCHER_NOT_FOUND,
  memberDailyCapMessage,
  memberLimitMessage,
  outsideHoursMessage,
  PER_MEMBER_PERIOD_WORDS,
  validFromMessage,
} from './redeem-refusals';
export { UNLIMITED_USAGE_LIMIT } from '@avpass/domain';
