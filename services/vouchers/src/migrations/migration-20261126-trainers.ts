import { Migration } from '@mikro-orm/migrations';

/**
 * Trainer/athlete codes (issue 13): each trainer code's typed rules beside it (the daily window as
 * minutes, so the redeem statement can check it), each administrator's saved form configuration, the
 * trainer lists' keyset index, and a covering index the analytics sums read without touching the rows.
 */
export class Migration20261126Trainers extends Migration {
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
    this.addSql(
      `create index redemptions_qr_code_id_redeemed_at_sale_index on redemptions (qr_code_id, redeemed_at)
         include (transaction_amount, discount_applied)`,
    );
  }
}
