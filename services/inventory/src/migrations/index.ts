import type { ServiceMigration } from '@avpass/platform';
import { Migration0001Initial } from './0001-initial';
import { Migration0002Inventory } from './0002-inventory';
import { Migration0003Idempotency } from './0003-idempotency';
import { Migration0004Audit } from './0004-audit';
import { Migration0005AuditRetention } from './0005-audit-retention';
import { Migration0006TableSorts } from './0006-table-sorts';

/**
 * In run order, numbered by their place in it (decision 201): each runs once, at start-up. A new
 * migration takes the next number (`NNNN-what-it-does.ts`, class `MigrationNNNNWhatItDoes`).
 * `formerName` is the name a database migrated before the numbering recorded it under; the migration
 * runner renames such rows once, so nothing runs again. Only migrations that reached a database under
 * another name need one.
 */
export const migrations: ServiceMigration[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial, formerName: 'Migration20261122Initial' },
  { name: 'Migration0002Inventory', class: Migration0002Inventory, formerName: 'Migration20261124Inventory' },
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
    name: 'Migration0006TableSorts',
    class: Migration0006TableSorts,
    formerName: 'Migration20261211TableSorts',
  },
];
