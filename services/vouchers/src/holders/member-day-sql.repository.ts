/**
 * The club's per-member daily cap in the redeem's one statement (issue 43, decision 365): every use of
 * a held code counts in member_day_uses under (holder, business day), whether a cap is set or not (so a
 * cap set at noon counts the morning too); the row's `day_limit` is the cap as the statement read it
 * (voucher_settings.member_daily_cap, null: none) and a CHECK holds `used <= day_limit`.
 * A code without a holder never touches the table; with no cap set the pre-check reads only the one
 * settings row.
 */

/** The cap as the statement reads it: the one voucher_settings row's member_daily_cap (null: none). */
const CAP_SQL = '(select s.member_daily_cap from voucher_settings s where s.id)';

/**
 * The redeem's pre-check, a condition on the qr_codes row being updated (`qr_codes`): a held code's
 * holder has not reached the cap on the business day `?` (one parameter). Two redeems of two codes of
 * one member may both pass it at once; the counter's CHECK (countMemberDaySql) then fails the later
 * statement whole.
 */
export const MEMBER_DAY_ROOM_SQL = `and (qr_codes.holder_member_id is null
         or coalesce((select d.used from member_day_uses d
                       where d.member_id = qr_codes.holder_member_id and d.day = ?::date), 0)
            < coalesce(${CAP_SQL}, 2147483647))`;

/** The constraint that refuses a use over the cap (vouchers migration 0031). */
export const MEMBER_DAY_CAP_CONSTRAINT = 'member_day_uses_within_cap';

/**
 * One use more of the holder's day, from the codes just counted (`updated u`) and the business day `?`
 * (one parameter): an upsert whose row lock serialises one member's redeems of any of their codes
 * across every instance; over the cap, its CHECK fails the whole statement (nothing counted).
 */
export const countMemberDaySql = (updated: string) => `insert into member_day_uses as d
      (member_id, day, used, day_limit)
    select u.holder_member_id, ?::date, 1, ${CAP_SQL}
      from ${updated} u where u.holder_member_id is not null
    on conflict (member_id, day) do update set used = d.used + 1, day_limit = excluded.day_limit
    returning d.member_id`;

/**
 * The use a cancelled redemption gives back to its holder's day: `reversed` has the redemption's
 * holder as `held_by` and its member_day as `held_day` (null: the code had no holder).
 */
export const giveMemberDayBackSql = (reversed: string) => `update member_day_uses d set used = d.used - 1
      from ${reversed} v
     where v.held_by is not null and d.member_id = v.held_by and d.day = v.held_day
    returning d.member_id`;
