// codes/: what other folders of the vouchers service may use (avpass/folder-boundaries).

export { codeAuditFields } from './code-audit';
export { codeStatusSql } from './code-list-sql';
export { searchTextOf } from './code-search-text';
export {
  assignedRowSql,
  assignedToSql,
  codeSearchPattern,
  codeSearchSql,
  idPrefixRange,
  partnerRedemptionsSql,
  searchCountedByTally,
  visibleCodesSql,
  visibleRedemptionsSql,
} from './code-visibility';
export { TALLIED_PARTNERS, clubWideSql, honouredByParams, honouredBySql } from './honoured-by';
export { codeRows, insertCodesSql } from './code-copies-sql.repository';
export { QrCode } from './qr-code.entity';
export { type MappingContext, qrUrlOf, toBatchCode, toPublicVoucher, toQrCode } from './qr-code.mapper';
export {
  type CodeFilter,
  type CodeLink,
  type CuttableKeysetPage,
  type KeysetPage,
  type PageWindow,
  QrCodesRepository,
} from './qr-codes.repository';
export { NEW_CODE_VERSION, snapshotOf } from './snapshot';
export {
  FALLBACK_ORIGIN,
  NO_COMPANY_MESSAGE,
  ORIGIN_FIELDS,
  OWN_COMPANY_ONLY_LIST_MESSAGE,
  OWN_COMPANY_ONLY_MESSAGE,
  voucherNotFound,
} from './code-messages';
export {
  addPartnerIdsSql,
  FORGET_PARTNER_SQL,
  giveUseBackSql,
  refreshPartnerIdsSql,
  REFRESH_ALL_PARTNER_IDS_SQL,
  useOneSql,
} from './code-writes-sql.repository';
export { type HolderRow, HolderWritesRepository } from './holder-writes.repository';
