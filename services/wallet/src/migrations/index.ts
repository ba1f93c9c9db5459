import type { ServiceMigration } from '@avpass/platform';
import { Migration0001Initial } from './0001-initial';
import { Migration0002Audit } from './0002-audit';
import { Migration0003AuditRetention } from './0003-audit-retention';
import { Migration0004MemberPasses } from './0004-member-passes';

/**
 * In run order, numbered by their place in it (decision 201): each runs once, at start-up. A new
 * migration takes the next number (`NNNN-what-it-does.ts`, class `MigrationNNNNWhatItDoes`).
 * `formerName` is the name a database migrated before the numbering recorded it under; the migration
 * runner renames such rows once, so nothing runs again. Only migrations that reached a database under
 * another name need one.
 */
export const migrations: ServiceMigration[] = [
  { name: 'Migration0001Initial', class: Migration0001Initial, formerName: 'Migration20261214Initial' },
  { name: 'Migration0002Audit', class: Migration0002Audit, formerName: 'Migration20261206Audit' },
  {
    name: 'Migration0003AuditRetention',
    class: Migration0003AuditRetention,
    formerName: 'Migration20261207AuditRetention',
  },
  { name: 'Migration0004MemberPasses', class: Migration0004MemberPasses },
];
