import type { ServiceMigration } from '@avpass/platform';
import { Migration0001Initial } from './0001-initial';
import { Migration0002Credits } from './0002-credits';
import { Migration0003Idempotency } from './0003-idempotency';
import { Migration0004Audit } from './0004-audit';
import { Migration0005AuditRetention } from './0005-audit-retention';
import { Migration0006SpendableNameIndex } from './0006-spendable-name-index';
import { Migration0007ListSortIndexes } from './0007-list-sort-indexes';
import { Migration0008LedgerVoidedIndex } from './0008-ledger-voided-index';
import { Migration0009ChargeKeys } from './0009-charge-keys';
import { Migration0010CreditMember } from './0010-credit-member';

/**
 * In run order, numbered by their place in it (decision 201): each runs once, at start-up. A new
 * migration takes the next number (`NNNN-what-it-does.ts`, class `MigrationNNNNWhatItDoes`).
 * `formerName` is the name a database migrated before the numbering recorded it under; the migration
 * runner renames such rows once, so nothing runs again. Only migrations that reached a database under
 * another name need one.
 */
export const migrations: ServiceMigration[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial, formerName: 'Migration20261122Initial' },
  { name: 'Migration0002Credits', class: Migration0002Credits, formerName: 'Migration20261125Credits' },
  {
    name: 'Migration0003Idempotency',
    class: Migration0003Idempotency,
    formerName: 'Migration20261128Idempotency',
  },
  { name: 'Migration0004Audit', class: Migration0004Audit, formerName: 'Migration20261206Audit' },
  {
    name: 'Migration0005AuditRetention',
    class: Migration0005AuditRetention,
    formerName: 'Migration20261207AuditRetention',
  },
  {
    name: 'Migration0006SpendableNameIndex',
    class: Migration0006SpendableNameIndex,
    formerName: 'Migration20261208SpendableNameIndex',
  },
  {
    name: 'Migration0007ListSortIndexes',
    class: Migration0007ListSortIndexes,
    formerName: 'Migration20261209ListSortIndexes',
  },
  {
    name: 'Migration0008LedgerVoidedIndex',
    class: Migration0008LedgerVoidedIndex,
    formerName: 'Migration20261209LedgerVoidedIndex',
  },
  {
    name: 'Migration0009ChargeKeys',
    class: Migration0009ChargeKeys,
    formerName: 'Migration20261215ChargeKeys',
  },
  { name: 'Migration0010CreditMember', class: Migration0010CreditMember },
];
