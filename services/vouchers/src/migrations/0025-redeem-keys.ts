import { Migration } from '@mikro-orm/migrations';

/**
 * One idempotency mechanism (issue 37): a redeem's Idempotency-Key is claimed in idempotency_keys, by
 * caller and operation, by the redeem statement itself (Idempotency.onceInStatement), no longer in a
 * column of redemptions unique per code (which answered another caller's redemption to anyone sending
 * its key). The column and its unique constraint go. A key sent in the minutes before this migration is
 * forgotten with them: its retry after the deployment is a new request (decision 146).
 */
export class Migration0025RedeemKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table redemptions drop constraint if exists redemptions_qr_code_id_idempotency_key_unique',
    );
    this.addSql('alter table redemptions drop column if exists idempotency_key');
  }
}
