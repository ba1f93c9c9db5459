import { OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/** The outbox and inbox every service has; the credits tables come with their own migration. */
export class Migration0001Initial extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
  }
}
