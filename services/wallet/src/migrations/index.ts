import { Migration20261206Audit } from './migration-20261206-audit';
import { Migration20261207AuditRetention } from './migration-20261207-audit-retention';
import { Migration20261214Initial } from './migration-20261214-initial';

/** In order; each runs once, at start-up. */
export const migrations = [
  { name: 'Migration20261214Initial', class: Migration20261214Initial },
  { name: 'Migration20261206Audit', class: Migration20261206Audit },
  { name: 'Migration20261207AuditRetention', class: Migration20261207AuditRetention },
];
