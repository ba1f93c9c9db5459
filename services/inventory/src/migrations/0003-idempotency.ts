import { IDEMPOTENCY_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/** idempotency_keys: the Idempotency-Key of each call that moves money, stock or a use (issue 22). */
export class Migration0003Idempotency extends Migration {
  override async up(): Promise<void> {
    for (const sql of IDEMPOTENCY_TABLES_SQL) this.addSql(sql);
  }
}
