// credits/: what other folders of the credits service may use (avpass/folder-boundaries).

export {
  PLATFORM_SCOPE,
  processableCreditsSql,
  tallyScopeOf,
  visibleTransactionsSql,
} from './credit-visibility';
export { chargeCreditSql, restoreCreditSql } from './credit-writes-sql.repository';
export { type CreditRow, type TransactionRow, toAdminCredit, toCredit, toTransaction } from './credit.mapper';
export { CreditsRepository } from './credits.repository';
export { creditNotFound } from './credits.service';
export { MemberCreditsRepository } from './member-credits.repository';
export { MemberCreditsService } from './member-credits.service';
