import { Migration } from '@mikro-orm/migrations';

/**
 * The till (issue 25). Every redemption says where and by whom: its channel (`till`: a partner's staff
 * at the till; `self`: the member on the public page), the partner and its name as it was then, the
 * staff member (user id and name), and for a scan kept offline the time it was scanned. Old rows read
 * as before: channel `self`, no partner, redeemed_by as written ('Store Scanner').
 *
 * A redemption can be undone: status `cancelled` with who, when and why; the use goes back to the
 * code in the same statement, so usage_count can go down (never below zero: a check).
 *
 * Counting becomes reversible in one place: each pending_tallies row carries a signed delta (+1 a
 * redeem, -1 a cancel) and what the trainer tallies need (the code, the sale and its discount, the
 * redemption's time), so TallyFolder folds trainer_day_tallies too and the insert-only trigger goes
 * (with it the last time zone the database kept for itself: the service computes the business day).
 *
 * Codes carry `redemption_mode` (`self` as the spec's public page; `staff`: only a till) and a
 * `version` that every change of the row raises, which the voucher events carry so consumers keep the
 * newest state. voucher_settings holds the club-wide default mode of new codes.
 */
export class Migration0013Till extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table redemptions
      add column channel text not null default 'self' check (channel in ('till', 'self')),
      add column partner_id uuid null,
      add column partner_name text null,
      add column redeemed_by_user_id uuid null,
      add column scanned_at timestamptz null,
      add column cancelled_by text null,
      add column cancelled_by_user_id uuid null`);
    this.addSql(`alter table redemptions
      add constraint redemptions_status_check check (status in ('completed', 'cancelled'))`);
    // A partner's redemptions newest first: the till's recent list and the partner's own tables.
    this
      .addSql(`create index redemptions_partner_order_index on redemptions (partner_id, redeemed_at desc, id desc)
      where partner_id is not null`);

    this.addSql(`alter table qr_codes
      add column redemption_mode text not null default 'self' check (redemption_mode in ('self', 'staff')),
      add column version bigint not null default 0`);
    this.addSql(
      'alter table qr_codes add constraint qr_codes_usage_count_nonnegative check (usage_count >= 0)',
    );

    this.addSql(`alter table pending_tallies
      add column delta smallint not null default 1 check (delta in (-1, 1)),
      add column qr_code_id uuid null,
      add column redeemed_at timestamptz null,
      add column transaction_amount integer null,
      add column discount_applied integer null`);

    this.addSql('drop trigger if exists redemptions_trainer_tally on redemptions');
    this.addSql('drop function if exists trainer_redemption_tally()');

    this.addSql(`create table voucher_settings (
      id boolean primary key default true check (id),
      default_redemption_mode text not null default 'self' check (default_redemption_mode in ('self', 'staff')),
      updated_at timestamptz not null default now(),
      updated_by_user_id uuid null
    )`);
    this.addSql(`insert into voucher_settings (id) values (true)`);
  }
}
