import { appendOnlyTableSql } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/** audit_log, the read model, is append-only as the services' trails are: UPDATE and TRUNCATE refused, DELETE only past 400 days (the retention job's). */
export class Migration0002AuditRetention extends Migration {
  override async up(): Promise<void> {
    for (const sql of appendOnlyTableSql('audit_log')) this.addSql(sql);
  }
}
