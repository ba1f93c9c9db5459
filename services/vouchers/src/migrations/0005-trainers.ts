import { Migration } from '@mikro-orm/migrations';
import { TRAINER_TALLIES_FROM_ROWS_20261126_SQL } from '../tallies/trainer-tallies-sql.repository';

/**
 * Trainer/athlete codes (issue 13): each trainer code's typed rules beside it (the daily window as
 * minutes, so the redeem statement can check it), each administrator's saved form configuration, the
 * trainer lists' keyset index, and the per-day tallies the analytics sum (kept by a trigger on redemptions, so the redeem statement is
 * unchanged; a redemption of a code without trainer_rules costs one primary-key probe).
 */
export class Migration0005Trainers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table trainer_rules (
      qr_code_id uuid primary key references qr_codes (id) on delete cascade,
      coupon_title text not null,
      min_purchase integer not null default 0 check (min_purchase >= 0),
      max_discount integer not null default 0 check (max_discount >= 0),
      valid_hours_start smallint null check (valid_hours_start between 0 and 1439),
      valid_hours_end smallint null check (valid_hours_end between 0 and 1439),
      rules jsonb not null,
      constraint trainer_rules_window_complete check ((valid_hours_start is null) = (valid_hours_end is null))
    )`);
    this.addSql(`create table trainer_configs (
      user_id uuid primary key,
      config jsonb not null,
      updated_at timestamptz not null default now()
    )`);
    this.addSql(
      `create index qr_codes_trainer_created_at_id_index on qr_codes (created_at desc, id desc) where qr_type = 'trainer'`,
    );
    this.addSql(`create table trainer_day_tallies (
      qr_code_id uuid not null references qr_codes (id) on delete cascade,
      day date not null,
      redemptions bigint not null default 0,
      sales bigint not null default 0,
      transaction_amount bigint not null default 0,
      discount_given bigint not null default 0,
      last_redeemed_at timestamptz null,
      primary key (qr_code_id, day)
    )`);
    // Each code and business day: the analytics' range sums read these, not the redemptions.
    this.addSql('create index trainer_day_tallies_day_index on trainer_day_tallies (day)');
    // The migration runs in the service, with its configuration's time zone in the environment.
    const timeZone = (process.env.BUSINESS_TIMEZONE ?? 'America/Los_Angeles').replace(/'/g, "''");
    this.addSql(`create function trainer_redemption_tally() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into trainer_day_tallies as d
               (qr_code_id, day, redemptions, sales, transaction_amount, discount_given, last_redeemed_at)
        select new.qr_code_id, (new.redeemed_at at time zone '${timeZone}')::date, 1,
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
    this.addSql(`create trigger redemptions_trainer_tally after insert on redemptions
      for each row execute function trainer_redemption_tally()`);
    for (const sql of TRAINER_TALLIES_FROM_ROWS_20261126_SQL)
      this.addSql(sql.replaceAll('$1', `'${timeZone}'`));
  }
}
