import { Migration } from '@mikro-orm/migrations';

/**
 * Members hold codes, and a voucher, batch or exclusive may limit uses per member (issue 41, decisions
 * 321 and 322). On qr_codes, all nullable (added without rewriting the table):
 * - `holder_member_id`: the member who holds the code (the members service's id), null for a bearer
 *   code; `holder_name`: the till's view of the name ("Ana G.", tillHolderName), cleared on erasure;
 * - `holder_source`: what the code was issued from, the source voucher's id or the batch's id, which
 *   is also the code's limit group (a member's uses are counted across the codes of one source);
 * - `issued_for`: the member the code was issued to, never moved by a merge: with `holder_source` the
 *   key that makes issuing idempotent per (member, source);
 * - `per_member_count`, `per_member_period`: the limit (`{count, period}`), copied to issued codes.
 * A partial index on (holder_member_id, created_at desc, id desc) pages a member's codes.
 *
 * `member_uses` is the counter the redeem statement moves (decision 322): one row per (member, limit
 * group, start of the period), `used` checked against `use_limit` by a CHECK, so a redeem that would go
 * over the limit fails as a whole statement even when two instances race past the statement's own
 * pre-check. Redemptions that counted toward a member record whom and which period (`member_id`,
 * `member_period_start`), so a cancel gives the use back to the right row and a merge moves them.
 * `member_period_start(period, day)`: the first business day of the period containing `day`
 * (ISO weeks start on Monday; 'ever' is one period starting 1970-01-01).
 */
export class Migration0028MemberHolders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table qr_codes
      add column holder_member_id uuid,
      add column holder_name text,
      add column holder_source uuid,
      add column issued_for uuid,
      add column per_member_count integer,
      add column per_member_period text`);
    this.addSql(`alter table qr_codes add constraint qr_codes_per_member_check
      check ((per_member_count is null) = (per_member_period is null)
             and (per_member_count is null or per_member_count between 1 and 1000)
             and (per_member_period is null or per_member_period in ('day', 'week', 'month', 'ever'))) not valid`);
    this.addSql(`create index qr_codes_holder_index on qr_codes (holder_member_id, created_at desc, id desc)
      where holder_member_id is not null`);
    this.addSql(`create unique index qr_codes_issued_unique on qr_codes (issued_for, holder_source)
      where issued_for is not null`);
    this.addSql(`create table member_uses (
      member_id uuid not null,
      limit_group uuid not null,
      period_start date not null,
      used integer not null,
      use_limit integer not null,
      primary key (member_id, limit_group, period_start),
      constraint member_uses_within_limit check (used >= 0 and used <= use_limit))`);
    this.addSql(`alter table redemptions add column member_id uuid, add column member_period_start date`);
    this.addSql(
      `create index redemptions_member_index on redemptions (member_id) where member_id is not null`,
    );
    this.addSql(`create function member_period_start(period text, day date) returns date
      language sql immutable parallel safe as $$
        select case period when 'day' then day
                           when 'week' then date_trunc('week', day)::date
                           when 'month' then date_trunc('month', day)::date
                           else date '1970-01-01' end $$`);
  }
}
