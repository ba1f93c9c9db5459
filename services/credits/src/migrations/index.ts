import { Migration20261122Initial } from './migration-20261122-initial';
import { Migration20261125Credits } from './migration-20261125-credits';
import { Migration20261128Idempotency } from './migration-20261128-idempotency';
import { Migration20261206Audit } from './migration-20261206-audit';
import { Migration20261207AuditRetention } from './migration-20261207-audit-retention';
import { Migration20261208SpendableNameIndex } from './migration-20261208-spendable-name-index';
import { Migration20261209LedgerVoidedIndex } from './migration-20261209-ledger-voided-index';
import { Migration20261209ListSortIndexes } from './migration-20261209-list-sort-indexes';
import { Migration20261215ChargeKeys } from './migration-20261215-charge-keys';

/** In order; each runs once, at start-up. */
export const migrations = [
  { name: 'Migration20261122Initial', class: Migration20261122Initial },
  { name: 'Migration20261125Credits', class: Migration20261125Credits },
  { name: 'Migration20261128Idempotency', class: Migration20261128Idempotency },
  { name: 'Migration20261206Audit', class: Migration20261206Audit },
  { name: 'Migration20261207AuditRetention', class: Migration20261207AuditRetention },
  { name: 'Migration20261208SpendableNameIndex', class: Migration20261208SpendableNameIndex },
  { name: 'Migration20261209ListSortIndexes', class: Migration20261209ListSortIndexes },
  { name: 'Migration20261209LedgerVoidedIndex', class: Migration20261209LedgerVoidedIndex },
  { name: 'Migration20261215ChargeKeys', class: Migration20261215ChargeKeys },
];
