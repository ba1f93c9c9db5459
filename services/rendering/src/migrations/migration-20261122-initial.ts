import { OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';
import { Migration20261206Audit } from './migration-20261206-audit';
import { Migration20261207AuditRetention } from './migration-20261207-audit-retention';

/** The outbox and inbox every service has; the rendering tables come with their own migration. */
export class Migration20261122Initial extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
  }
}

export const migrations = [
  { name: 'Migration20261122Initial', class: Migration20261122Initial },
  { name: 'Migration20261206Audit', class: Migration20261206Audit },
  { name: 'Migration20261207AuditRetention', class: Migration20261207AuditRetention },
];
