import { Migration } from '@mikro-orm/migrations';

/**
 * One idempotency mechanism (issue 37): a charge's Idempotency-Key is claimed in idempotency_keys, by
 * caller and operation, by the charge statement itself (Idempotency.onceInStatement), no longer in a
 * column of the ledger unique per credit (which answered another caller's transaction to anyone sending
 * its key). The column and its unique constraint go; a key sent in the minutes before this migration is
 * forgotten with them (decision 146).
 */
export class Migration0009ChargeKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table credit_transactions drop constraint if exists credit_transactions_idempotency_key',
    );
    this.addSql('alter table credit_transactions drop column if exists idempotency_key');
  }
}
