import { Migration } from '@mikro-orm/migrations';

/**
 * A voucher's start (issue 24): `start_date`, a date-only start valid from the start of that day in
 * BUSINESS_TIMEZONE; null (every existing code) is valid at once. A start after the expiry is refused
 * (the contract says so first); the check is NOT VALID so adding it does not scan the million existing
 * codes (they all have a null start), while every insert and update is checked. The exclusives' tab
 * counts stay one index-only scan: their partial index includes the start too (the Active tab leaves
 * out exclusives whose start is still to come).
 */
export class Migration0009StartDate extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table qr_codes add column start_date date null');
    this.addSql(`alter table qr_codes add constraint qr_codes_start_before_expiry_check
      check (start_date is null or expiration_date is null or start_date <= expiration_date) not valid`);
    this.addSql('drop index if exists qr_codes_exclusives_index');
    this.addSql(`create index qr_codes_exclusives_index on qr_codes (created_at desc, id desc)
      include (exclusive_type, expiration_date, usage_count, usage_limit, exclusive_event_date, start_date)
      where is_project_rooted_exclusive`);
  }
}
