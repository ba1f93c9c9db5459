// The tallies' SQL that TalliesRepository, the migrations and `npm run stats:rebuild`
// (tools/stats-rebuild.mjs, which loads this file from dist) use: part of the repository, so named
// *.repository.ts (only repositories hold SQL: avpass/repositories-only). No package imports: the tool
// runs it without the service's dependencies (its imports are other SQL-only files).

// Straight to the two SQL-only files of codes/, not its index.ts, which needs the packages the tool
// runs without.
// eslint-disable-next-line avpass/folder-boundaries -- SQL-only file, loaded by tools/stats-rebuild.mjs
import { clubWideSql } from '../codes/honoured-by';
// eslint-disable-next-line avpass/folder-boundaries -- SQL-only file, loaded by tools/stats-rebuild.mjs
import { searchTextOf } from '../codes/code-search-text';
// eslint-disable-next-line avpass/folder-boundaries -- SQL-only file, loaded by tools/stats-rebuild.mjs
import { REFRESH_ALL_PARTNER_IDS_SQL } from '../codes/code-writes-sql.repository';
import { REBUILD_PARTNER_OFFER_TALLIES_SQL } from './partner-offer-tallies-sql.repository';
import { REBUILD_TRAINER_TALLIES_SQL } from './trainer-tallies-sql.repository';

/** The platform-wide scope of code_tallies and redemption_tallies. */
export const PLATFORM_SCOPE = '00000000-0000-0000-0000-000000000000';

/**
 * A club-wide code's completed redemptions made at a partner's till, which count for that partner
 * (TALLIED_PARTNERS), added to the tallies REBUILD_TALLIES_FROM_ROWS_SQL made (after it refreshed
 * partner_ids). Separate because migration 20261124 runs that list as it was, before redemptions
 * had a partner.
 */
const CLUB_WIDE_AT_PARTNER = `redemptions r join qr_codes q on q.id = r.qr_code_id
    where r.status = 'completed' and r.channel = 'till' and r.partner_id is not null and ${clubWideSql('q')}`;
export const REBUILD_CLUB_WIDE_TALLIES_SQL: readonly string[] = [
  `insert into redemption_tallies (scope_id, day, shard, redemptions)
   select r.partner_id, (r.redeemed_at at time zone $1)::date, 0, count(*) from ${CLUB_WIDE_AT_PARTNER}
    group by 1, 2 order by 1, 2
   on conflict (scope_id, day, shard) do update set redemptions = redemption_tallies.redemptions + excluded.redemptions`,
  `insert into location_tallies (partner_id, clinic_name, shard, redemptions)
   select r.partner_id, q.clinic_name, 0, count(*) from ${CLUB_WIDE_AT_PARTNER}
    group by 1, 2 order by 1, 2
   on conflict (partner_id, clinic_name, shard) do update set redemptions = location_tallies.redemptions + excluded.redemptions`,
];

/**
 * Recomputes every tally from the rows, in one transaction the caller opens; `$1` is the business
 * time zone. Idempotent. A cancelled redemption counts nowhere (its cancel gave the use back to
 * usage_count, which the location and batch tallies sum). Also refreshes qr_codes.partner_ids from qr_code_partners. Without
 * pending_tallies: what migration 20261124 ran, before that queue existed (REBUILD_TALLIES_SQL adds it).
 */
export const REBUILD_TALLIES_FROM_ROWS_SQL: readonly string[] = [
  `lock table qr_codes, qr_code_partners, redemptions, batches in share row exclusive mode`,
  ...REFRESH_ALL_PARTNER_IDS_SQL,
  `truncate code_tallies, redemption_tallies, location_tallies, batch_tallies`,
  `insert into code_tallies (scope_id, codes)
   select '${PLATFORM_SCOPE}'::uuid, count(*) from qr_codes
   union all
   select partner_id, count(*) from qr_code_partners where is_active group by partner_id`,
  `insert into redemption_tallies (scope_id, day, shard, redemptions)
   select '${PLATFORM_SCOPE}'::uuid, (redeemed_at at time zone $1)::date, 0, count(*)
     from redemptions where status = 'completed' group by 2
   union all
   select p.partner_id, (r.redeemed_at at time zone $1)::date, 0, count(*)
     from redemptions r join qr_code_partners p on p.qr_code_id = r.qr_code_id and p.is_active
    where r.status = 'completed' group by 1, 2`,
  `insert into location_tallies (partner_id, clinic_name, shard, redemptions)
   select '${PLATFORM_SCOPE}'::uuid, clinic_name, 0, sum(usage_count) from qr_codes where usage_count > 0 group by 2
   union all
   select p.partner_id, q.clinic_name, 0, sum(q.usage_count)
     from qr_codes q join qr_code_partners p on p.qr_code_id = q.id and p.is_active
    where q.usage_count > 0 group by 1, 2`,
  `insert into batch_tallies (batch_id, shard, redeemed)
   select batch_id, 0, sum(usage_count) from qr_codes where batch_id is not null group by 1`,
];

/** code_day_tallies and code_search_tallies from the rows (migration 20261125 and every rebuild). */
export const REBUILD_CODE_KEY_TALLIES_SQL: readonly string[] = [
  `truncate code_day_tallies, code_search_tallies`,
  `insert into code_day_tallies (day, codes)
   select (created_at at time zone 'UTC')::date, count(*) from qr_codes group by 1`,
  `insert into code_search_tallies (search_text, codes)
   select ${searchTextOf('q')}, count(*) from qr_codes q group by 1`,
  `analyze code_day_tallies, code_search_tallies`,
];

/**
 * REBUILD_TALLIES_FROM_ROWS_SQL with the redeem's queue: pending_tallies is locked too (after the
 * tables the redeem statement names before it, in the same order, so the two cannot deadlock; no
 * redeem queues meanwhile) and emptied, since the redemptions it queued are among the rows counted.
 * Then the landing page's partner_offer_tallies (after partner_ids is refreshed, which they count;
 * qr_codes is already locked, so no trigger moves them meanwhile), and the trainer codes'
 * trainer_day_tallies, which the same queue feeds (so they are rebuilt whenever it is emptied).
 */
export const REBUILD_TALLIES_SQL: readonly string[] = [
  `lock table qr_codes, qr_code_partners, redemptions, batches, pending_tallies, trainer_rules in share row exclusive mode`,
  `truncate pending_tallies`,
  ...REBUILD_TALLIES_FROM_ROWS_SQL,
  ...REBUILD_CLUB_WIDE_TALLIES_SQL,
  ...REBUILD_CODE_KEY_TALLIES_SQL,
  ...REBUILD_PARTNER_OFFER_TALLIES_SQL,
  ...REBUILD_TRAINER_TALLIES_SQL,
];

/**
 * The codes whose usage_count is not the signed sum of their rows (+1 a redemption, -1 a reversal;
 * decision 231), at most `$1` of them, with both figures: what `npm run stats:rebuild` checks after it
 * rebuilt the tallies, failing loudly (rolled back) on any. Nothing clamps a count, so a difference is
 * a defect or a change made behind the service's back, never a rounding.
 */
export const USAGE_COUNT_MISMATCHES_SQL = `with uses as (
    select qr_code_id, count(*)::int as n from redemptions group by qr_code_id
  ), reversals as (
    select qr_code_id, count(*)::int as n from redemption_reversals group by qr_code_id
  )
  select q.id, q.usage_count as "usageCount", coalesce(u.n, 0) - coalesce(v.n, 0) as "signedSum"
    from qr_codes q
    left join uses u on u.qr_code_id = q.id
    left join reversals v on v.qr_code_id = q.id
   where q.usage_count <> coalesce(u.n, 0) - coalesce(v.n, 0)
   order by q.id
   limit $1`;

/**
 * The redemptions whose status and cancel columns disagree with their reversal row (decision 266), at
 * most `$1`, each with what is wrong: a cancelled one without a reversal, a reversal whose redemption is
 * not cancelled, or a reversal whose code, time, who or why differ from the redemption's columns (read
 * as migration 0026 backfilled them: a missing time is the redemption's, a missing name or reason
 * empty). The columns are the lists' index of the reversal, written by the same statement; what
 * `npm run stats:rebuild` checks beside the counts, failing loudly (rolled back) on any. Cheap at any
 * size: the cancelled ones are read through redemptions_cancelled_order_index, the reversals (as few)
 * by their redemption's key.
 */
export const CANCEL_FLAG_MISMATCHES_SQL = `select id, problem from (
    select r.id,
           case when v.id is null then 'cancelled without a reversal row'
                else 'cancel columns differ from its reversal row' end as problem
      from redemptions r
      left join redemption_reversals v on v.redemption_id = r.id
     where r.status = 'cancelled'
       and (v.id is null
            or v.qr_code_id <> r.qr_code_id
            or v.reversed_at <> coalesce(r.cancelled_at, r.redeemed_at)
            or v.reversed_by <> coalesce(r.cancelled_by, '')
            or v.reversed_by_user_id is distinct from r.cancelled_by_user_id
            or v.reason <> coalesce(r.cancel_reason, ''))
    union all
    select v.redemption_id, 'reversed but ' || r.status
      from redemption_reversals v
      join redemptions r on r.id = v.redemption_id
     where r.status <> 'cancelled'
  ) wrong
  order by id
  limit $1`;

/**
 * The per-member counters that disagree with the redemptions they count (decision 322), at most `$1`,
 * each named by (member, limit group, period start) with both figures: a member_uses row whose `used`
 * is not the number of that member's redemptions not cancelled of codes of that limit group (the
 * code's holder_source) in that period (`member_period_start`), or such redemptions without a row. The
 * redeem's one statement moves the row with the redemption and a cancel gives the use back with its
 * reversal, so a difference is a defect; what `npm run stats:rebuild` checks, failing loudly (rolled
 * back). Cheap at any size: only the redemptions of held codes (redemptions_member_index); since issue 43
 * every held code's redemption names its holder, and those of a code not limited per member have no
 * member_period_start and count toward no member_uses row.
 */
export const MEMBER_USES_MISMATCHES_SQL = `with counted as (
    select r.member_id, q.holder_source as limit_group, r.member_period_start as period_start, count(*)::int as n
      from redemptions r join qr_codes q on q.id = r.qr_code_id
     where r.member_id is not null and r.member_period_start is not null and r.status <> 'cancelled'
     group by r.member_id, q.holder_source, r.member_period_start
  )
  select coalesce(m.member_id, c.member_id) as "memberId", coalesce(m.limit_group, c.limit_group) as "limitGroup",
         coalesce(m.period_start, c.period_start)::text as "periodStart", m.used, coalesce(c.n, 0) as counted
    from member_uses m
    full join counted c
      on c.member_id = m.member_id and c.limit_group = m.limit_group and c.period_start = m.period_start
   where m.member_id is null or m.used <> coalesce(c.n, 0)
   order by 1, 2, 3
   limit $1`;
