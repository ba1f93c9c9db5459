import { Migration } from '@mikro-orm/migrations';

/**
 * The business time zone is a setting the database reads, not text baked into SQL (issue 23): one row
 * of business_settings holds the zone trainer redemptions are tallied by day in, and the trigger
 * function of migration 20261126 (which had the zone of the environment it ran in written into its
 * body) is replaced by one that reads it. The service writes BUSINESS_TIMEZONE into the row at every
 * start-up (stats/business-time-zone.ts), so a changed zone takes effect on restart, without a
 * migration. The row starts with the zone the replaced function had, the one every tally so far was
 * kept in (the documented default if it cannot be read).
 */
export class Migration0008BusinessTimeZone extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table business_settings (
      id boolean primary key default true check (id),
      time_zone text not null check (time_zone <> '')
    )`);
    this.addSql(`insert into business_settings (id, time_zone)
      select true, coalesce(
        (select substring(p.prosrc from 'at time zone ''([^'']+)''')
           from pg_proc p where p.oid = to_regproc('trainer_redemption_tally')),
        'America/Los_Angeles')`);
    // Same body as before but for the zone; without a settings row the day is null and the insert is
    // refused (trainer_day_tallies.day is not null) rather than tallied in a zone nobody chose.
    this.addSql(`create or replace function trainer_redemption_tally() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into trainer_day_tallies as d
               (qr_code_id, day, redemptions, sales, transaction_amount, discount_given, last_redeemed_at)
        select new.qr_code_id,
               (new.redeemed_at at time zone (select s.time_zone from business_settings s where s.id))::date, 1,
               (new.transaction_amount is not null)::int, coalesce(new.transaction_amount, 0),
               coalesce(new.discount_applied, 0), new.redeemed_at
          from trainer_rules t where t.qr_code_id = new.qr_code_id
        on conflict (qr_code_id, day) do update
           set redemptions = d.redemptions + 1, sales = d.sales + excluded.sales,
               transaction_amount = d.transaction_amount + excluded.transaction_amount,
               discount_given = d.discount_given + excluded.discount_given,
               last_redeemed_at = greatest(d.last_redeemed_at, excluded.last_redeemed_at);
        return null;
      end $$`);
  }
}
