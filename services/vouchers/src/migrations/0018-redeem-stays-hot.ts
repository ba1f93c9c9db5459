import { Migration } from '@mikro-orm/migrations';

/**
 * Drops 20261208's index on (usage_count, id). A redeem changes usage_count; with that column in an
 * index, no redeem could be a heap-only (HOT) update any more, and each would add an entry to every
 * one of qr_codes' indexes (the trigram ones included) instead of none. The redeem is the product's
 * hot path; sorting the codes list by usage reads it without an index (see decision 124).
 */
export class Migration0018RedeemStaysHot extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists qr_codes_usage_order_index');
  }
}
