import { IDEMPOTENCY_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/** idempotency_keys: the Idempotency-Key of a payment recorded on a statement (POST /api/statements/{id}/paid). */
export class Migration0005Idempotency extends Migration {
  override async up(): Promise<void> {
    for (const sql of IDEMPOTENCY_TABLES_SQL) this.addSql(sql);
  }
}
