import type { ServiceMigration } from '@avpass/platform';
import { Migration0001Initial } from './0001-initial';
import { Migration0002AuditRetention } from './0002-audit-retention';
import { Migration0003AuditPageIndexes } from './0003-audit-page-indexes';

/**
 * In run order, numbered by their place in it (decision 201): each runs once, at start-up. A new
 * migration takes the next number (`NNNN-what-it-does.ts`, class `MigrationNNNNWhatItDoes`).
 * `formerName` is the name a database migrated before the numbering recorded it under; the migration
 * runner renames such rows once, so nothing runs again. Only migrations that reached a database under
 * another name need one.
 */
export const migrations: ServiceMigration[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial, formerName: 'Migration20261126Initial' },
  {
    name: 'Migration0002AuditRetention',
    class: Migration0002AuditRetention,
    formerName: 'Migration20261207AuditRetention',
  },
  {
    name: 'Migration0003AuditPageIndexes',
    class: Migration0003AuditPageIndexes,
    formerName: 'Migration20261208AuditPageIndexes',
  },
];
