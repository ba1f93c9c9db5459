import { Migration } from '@mikro-orm/migrations';

/**
 * The club's per-member daily cap (issue 43, decision 365): at most `member_daily_cap` redemptions of
 * held codes per member and business day, across all their codes (null: no cap).
 *
 * `member_day_uses` is the counter the redeem statement moves for every held code, cap or not (one row
 * per member and business day; `day_limit` is the cap the last use read, and a CHECK holds the count
 * to it, so two tills racing past the statement's pre-check fail the later one whole, as
 * member_uses_within_limit does). A held code's redemption records its holder in `member_id` (before:
 * only when the code was limited per member; member_period_start still says that) and the day it
 * counted on in `member_day`, so a cancel gives the day's use back and a merge moves it. Both columns
 * are added without a default (no rewrite of redemptions).
 */
export class Migration0031MemberDailyCap extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table voucher_settings add column member_daily_cap integer
      check (member_daily_cap between 1 and 1000)`);
    this.addSql(`create table member_day_uses (
      member_id uuid not null,
      day date not null,
      used integer not null,
      day_limit integer,
      primary key (member_id, day),
      constraint member_day_uses_within_cap check (used >= 0 and (day_limit is null or used <= day_limit)))`);
    this.addSql(`alter table redemptions add column member_day date`);
  }
}
