// partner_offer_tallies from the rows: the migrations (20261201, 20261202), the trigger that keeps it and
// `npm run stats:rebuild`. SQL only (no imports: the tool loads it from dist without the service's
// dependencies): named *.repository.ts, as only repositories hold SQL (avpass/repositories-only).

/**
 * The partners a code counts for: the one it belongs to (vendor_id) and those it is assigned to
 * (partner_ids, its active assignments), each once.
 */
const partnersOf = (r: string) =>
  `unnest(case when ${r}.vendor_id is null or ${r}.vendor_id = any(${r}.partner_ids) then ${r}.partner_ids
               else ${r}.partner_ids || ${r}.vendor_id end) as p(id)`;

/**
 * The contribution of a set of code rows (`rows`: a table or a transition table) to
 * partner_offer_tallies, times `sign`: one row per (code, partner) with its expiry day (infinity: never
 * expires), its start day (-infinity: valid at once), its shard and whether it is open (not
 * deactivated, not used up). A partner's `activeOffers` on a day are the open codes whose start day
 * has come and whose expiry day has not passed; `totalQrCodes` all of them (upcoming ones included).
 */
export const partnerOfferContributionSql = (rows: string, sign: number): string => `
  select p.id as partner_id, coalesce(r.expiration_date, 'infinity'::date) as expiration_day,
         coalesce(r.start_date, '-infinity'::date) as start_day,
         (abs(hashtext(r.id::text)) % 8)::smallint as shard,
         ${sign} as codes, ${sign} * (r.is_active and r.usage_count < r.usage_limit)::int as open
    from ${rows} r, ${partnersOf('r')}`;

/** Adds summed contributions (`deltas`, the select above) to the tallies, in a stable key order. */
const applySql = (deltas: string) => `
  insert into partner_offer_tallies as t (partner_id, expiration_day, start_day, shard, codes, open)
  select partner_id, expiration_day, start_day, shard, sum(codes), sum(open) from (${deltas}) d
   group by 1, 2, 3, 4 having sum(codes) <> 0 or sum(open) <> 0 order by 1, 2, 3, 4
  on conflict (partner_id, expiration_day, start_day, shard)
    do update set codes = t.codes + excluded.codes, open = t.open + excluded.open`;

/**
 * The statement trigger's function (migration 20261202 replaces 20261201's, which had no start day):
 * what a statement's old rows contributed goes, what its new rows contribute comes, summed per key,
 * so an update that leaves every contribution as it was (an ordinary redeem) writes nothing.
 */
export const PARTNER_OFFER_TALLY_FUNCTION_SQL = `create or replace function partner_offer_tally()
  returns trigger language plpgsql set search_path from current as $$
  begin
    if tg_op = 'INSERT' then
      ${applySql(partnerOfferContributionSql('new_rows', 1))};
    elsif tg_op = 'DELETE' then
      ${applySql(partnerOfferContributionSql('old_rows', -1))};
    else
      ${applySql(`${partnerOfferContributionSql('new_rows', 1)} union all ${partnerOfferContributionSql('old_rows', -1)}`)};
    end if;
    return null;
  end $$`;

/**
 * partner_offer_tallies recomputed from qr_codes (the same rule as the trigger), in the caller's
 * transaction, after it locked qr_codes against writes (share row exclusive, as REBUILD_TALLIES_SQL
 * does): what `npm run stats:rebuild` and migration 20261202 run. Idempotent.
 */
export const REBUILD_PARTNER_OFFER_TALLIES_SQL: readonly string[] = [
  `truncate partner_offer_tallies`,
  `insert into partner_offer_tallies (partner_id, expiration_day, start_day, shard, codes, open)
   select partner_id, expiration_day, start_day, shard, sum(codes), sum(open)
     from (${partnerOfferContributionSql('qr_codes', 1)}) d
    group by 1, 2, 3, 4`,
  `analyze partner_offer_tallies`,
];

/**
 * The refill as migration 20261201 ran it, when the table had no start day: kept for that migration
 * only (a fresh database runs it before 20261202 adds the column). Use REBUILD_PARTNER_OFFER_TALLIES_SQL.
 */
export const PARTNER_OFFER_TALLIES_FROM_ROWS_SQL: readonly string[] = [
  `truncate partner_offer_tallies`,
  `insert into partner_offer_tallies (partner_id, expiration_day, shard, codes, open)
   select p.id, coalesce(q.expiration_date, 'infinity'::date), (abs(hashtext(q.id::text)) % 8)::smallint,
          count(*), count(*) filter (where q.is_active and q.usage_count < q.usage_limit)
     from qr_codes q, ${partnersOf('q')}
    group by 1, 2, 3`,
];
