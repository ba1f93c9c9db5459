import { Migration } from '@mikro-orm/migrations';

/**
 * The codes table's sorts (issue 27): one index per sort the list offers besides creation time, each
 * ending in the id (the keyset's tie-break), read forwards or backwards for either direction. The
 * name sort is case-insensitive (lower(clinic_name)); a code without an expiry sorts as 'infinity'
 * (QrCodesRepository.sortedPageRows uses the same expressions, or the indexes are not used). Built
 * under a lock on qr_codes and redemptions (writes wait: seconds at a million codes).
 */
export class Migration0017TableSorts extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index qr_codes_name_order_index on qr_codes (lower(clinic_name), id)');
    this.addSql('create index qr_codes_usage_order_index on qr_codes (usage_count, id)');
    this.addSql(
      `create index qr_codes_expiry_order_index on qr_codes ((coalesce(expiration_date, 'infinity'::date)), id)`,
    );
    // The redemptions table filtered to cancelled ones (a few among millions), in either order.
    this.addSql(`create index redemptions_cancelled_order_index on redemptions (redeemed_at, id)
      where status = 'cancelled'`);
  }
}
