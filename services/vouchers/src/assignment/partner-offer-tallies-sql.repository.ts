// partner_offer_tallies from the rows: migration 20261201 and `npm run stats:rebuild`. SQL only (no
// imports): named *.repository.ts, as only repositories hold SQL (avpass/repositories-only).

/** Refills partner_offer_tallies from qr_codes, in the caller's transaction (the same rule as the trigger). */
export const PARTNER_OFFER_TALLIES_FROM_ROWS_SQL: readonly string[] = [
  `truncate partner_offer_tallies`,
  `insert into partner_offer_tallies (partner_id, expiration_day, shard, codes, open)
   select p.id, coalesce(q.expiration_date, 'infinity'::date), (abs(hashtext(q.id::text)) % 8)::smallint,
          count(*), count(*) filter (where q.is_active and q.usage_count < q.usage_limit)
     from qr_codes q,
          unnest(case when q.vendor_id is null or q.vendor_id = any(q.partner_ids) then q.partner_ids
                      else q.partner_ids || q.vendor_id end) as p(id)
    group by 1, 2, 3`,
];
