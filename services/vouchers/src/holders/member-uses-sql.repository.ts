/**
 * The per-member counter in the redeem's one statement (decision 322). A code is limited per member
 * when it has a holder, a limit group (holder_source) and a per-member limit; its uses count in
 * member_uses under (holder, group, start of the current period in the business time zone).
 */

/** Whether the row `q` of qr_codes is limited per member. */
export const limitedSql = (q: string) =>
  `(${q}.holder_member_id is not null and ${q}.holder_source is not null and ${q}.per_member_count is not null)`;

/**
 * The redeem's pre-check, a condition on the qr_codes row being updated (`qr_codes`): room left in the
 * holder's counter for the period containing the business day `?` (one parameter). Two redeems may both
 * pass it at once; the counter's CHECK (COUNT_MEMBER_USE_SQL) then fails the later statement whole.
 */
export const MEMBER_ROOM_SQL = `and (not ${limitedSql('qr_codes')}
         or coalesce((select m.used from member_uses m
                       where m.member_id = qr_codes.holder_member_id and m.limit_group = qr_codes.holder_source
                         and m.period_start = member_period_start(qr_codes.per_member_period, ?::date)), 0)
            < qr_codes.per_member_count)`;

/** The constraint that refuses a use over the limit (migration 0028). */
export const MEMBER_LIMIT_CONSTRAINT = 'member_uses_within_limit';

/**
 * One use more in the holder's counter, from the codes just counted (`updated u`) and the business day
 * `?` (one parameter): an upsert whose row lock serialises the holder's redeems of the group across
 * every instance; over the limit, its CHECK fails the whole statement (nothing counted).
 */
export const countMemberUseSql = (updated: string) => `insert into member_uses as m
      (member_id, limit_group, period_start, used, use_limit)
    select u.holder_member_id, u.holder_source, member_period_start(u.per_member_period, ?::date), 1,
           u.per_member_count
      from ${updated} u where ${limitedSql('u')}
    on conflict (member_id, limit_group, period_start)
      do update set used = m.used + 1, use_limit = excluded.use_limit
    returning m.member_id`;

/**
 * The use a cancelled redemption gives back to its member's counter: `reversed` has the redemption's
 * member_id, member_period_start and its code's holder_source (as limit_group).
 */
export const giveMemberUseBackSql = (reversed: string) => `update member_uses m set used = m.used - 1
      from ${reversed} v
     where v.member_id is not null and m.member_id = v.member_id and m.limit_group = v.limit_group
       and m.period_start = v.member_period_start
    returning m.member_id`;
