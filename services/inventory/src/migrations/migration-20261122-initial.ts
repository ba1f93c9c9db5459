import { OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';
import { Migration20261124Inventory } from './migration-20261124-inventory';
import { Migration20261128Idempotency } from './migration-20261128-idempotency';
import { Migration20261206Audit } from './migration-20261206-audit';
import { Migration20261207AuditRetention } from './migration-20261207-audit-retention';
import { Migration20261211TableSorts } from './migration-20261211-table-sorts';

/** The outbox and inbox every service has; the inventory tables come with their own migration. */
export class Migration20261122Initial extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
  }
}

export const migrations = [
  { name: 'Migration20261122Initial', class: Migration20261122Initial },
  { name: 'Migration20261124Inventory', class: Migration20261124Inventory },
  { name: 'Migration20261128Idempotency', class: Migration20261128Idempotency },
  { name: 'Migration20261206Audit', class: Migration20261206Audit },
  { name: 'Migration20261207AuditRetention', class: Migration20261207AuditRetention },
  { name: 'Migration20261211TableSorts', class: Migration20261211TableSorts },
];
