import { Migration20261126Initial } from './migration-20261126-initial';
import { Migration20261207AuditRetention } from './migration-20261207-audit-retention';
import { Migration20261208AuditPageIndexes } from './migration-20261208-audit-page-indexes';

/** In order; each runs once, at start-up. */
export const migrations = [
  { name: 'Migration20261126Initial', class: Migration20261126Initial },
  { name: 'Migration20261207AuditRetention', class: Migration20261207AuditRetention },
  { name: 'Migration20261208AuditPageIndexes', class: Migration20261208AuditPageIndexes },
];
