import { appendOnlyTableSql } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/** Retention for the append-only audit trail: DELETE allowed to the retention job for entries older than 400 days, nothing younger (issue 26). */
export class Migration0003AuditRetention extends Migration {
  override async up(): Promise<void> {
    for (const sql of appendOnlyTableSql('audit_entries')) this.addSql(sql);
  }
}
