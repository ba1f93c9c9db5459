import { AUDIT_TABLE_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/** The append-only audit trail (issue 26): audit_entries, its refusing trigger, no UPDATE/DELETE for the role. */
export class Migration0004Audit extends Migration {
  override async up(): Promise<void> {
    for (const sql of AUDIT_TABLE_SQL) this.addSql(sql);
  }
}
