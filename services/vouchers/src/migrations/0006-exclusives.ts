import { Migration } from '@mikro-orm/migrations';

/**
 * Project Rooted exclusives (issue 14): the event's day as a column (the Upcoming tab compares it with
 * today), the type checked, and partial indexes over exclusives only, so their list and the eight
 * tab counts read the few thousand exclusives, never the million ordinary codes. The counts are one
 * index-only scan of qr_codes_exclusives_index (its INCLUDE columns hold what every tab tests).
 */
export class Migration0006Exclusives extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table qr_codes add column exclusive_event_date date null');
    this.addSql(
      `update qr_codes set exclusive_event_date = (substr(exclusive_details->>'eventDate', 1, 10))::date
        where is_project_rooted_exclusive and exclusive_details->>'eventDate' ~ '^\\d{4}-\\d{2}-\\d{2}'`,
    );
    this.addSql(`alter table qr_codes add constraint qr_codes_exclusive_type_check check (exclusive_type in
      ('training_session', 'raffle_prize', 'special_event', 'exclusive_discount', 'custom'))`);
    this.addSql(`create index qr_codes_exclusives_index on qr_codes (created_at desc, id desc)
      include (exclusive_type, expiration_date, usage_count, usage_limit, exclusive_event_date)
      where is_project_rooted_exclusive`);
    this
      .addSql(`create index qr_codes_exclusives_type_index on qr_codes (exclusive_type, created_at desc, id desc)
      where is_project_rooted_exclusive`);
  }
}
