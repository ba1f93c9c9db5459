import { Migration } from '@mikro-orm/migrations';

/**
 * The exclusives table's sorts (issue 27): by title (lower(service)) and by expiry (a code without one
 * as 'infinity'), each ending in the id (the keyset's tie-break) and partial on exclusives, like
 * qr_codes_exclusives_index (ExclusivesRepository.page uses the same expressions, or the indexes are
 * not used). The usage sort reads without an index.
 *
 * qr_codes_exclusives_index is built again without usage_count among its INCLUDE columns: an INCLUDE
 * column blocks heap-only updates like a key column, and that one index (partial or not) kept every
 * redeem of every code from being a HOT update (migration 20261209's aim). The tab counts then read
 * usage_count from the heap: a few thousand exclusive rows.
 */
export class Migration0022ExclusiveSorts extends Migration {
  override async up(): Promise<void> {
    this.addSql('drop index if exists qr_codes_exclusives_index');
    this.addSql(`create index qr_codes_exclusives_index on qr_codes (created_at desc, id desc)
      include (exclusive_type, expiration_date, usage_limit, exclusive_event_date, start_date)
      where is_project_rooted_exclusive`);
    this.addSql(`create index qr_codes_exclusive_title_order_index on qr_codes (lower(service), id)
      where is_project_rooted_exclusive`);
    this.addSql(`create index qr_codes_exclusive_expiry_order_index
      on qr_codes ((coalesce(expiration_date, 'infinity'::date)), id) where is_project_rooted_exclusive`);
  }
}
