// The pieces of SQL that write the tallies for another folder's statement: tallies/ owns them
// (tables.ts); the redeem and the cancel queue their pending_tallies row in their own ONE statement,
// and a bulk assignment moves the partners' tallies in its own.

/** Queues one pending_tallies row per row of `select` (its columns in this order; delta +1 or -1). */
export const queuePendingTallySql = (select: string): string =>
  `insert into pending_tallies (day, partner_ids, clinic_name, batch_id, delta, qr_code_id, redeemed_at,
                                 transaction_amount, discount_applied)
    ${select}`;

/**
 * The partners' tallies (codes, redemptions by business day — `?` is the time zone — and by facility)
 * for the assignments `assigned` made active (rows of qr_code_partners): three CTEs of a bulk assignment.
 */
export const assignedTalliesCtes = (assigned: string): string => `code_tally as (
         insert into code_tallies as c (scope_id, codes)
         select partner_id, count(*) from ${assigned} group by 1 order by 1
         on conflict (scope_id) do update set codes = c.codes + excluded.codes
       ),
       redemption_tally as (
         insert into redemption_tallies as r (scope_id, day, shard, redemptions)
         select i.partner_id, (x.redeemed_at at time zone ?)::date, 0, count(*)
           from ${assigned} i join redemptions x on x.qr_code_id = i.qr_code_id
          group by 1, 2 order by 1, 2
         on conflict (scope_id, day, shard) do update set redemptions = r.redemptions + excluded.redemptions
       ),
       location_tally as (
         insert into location_tallies as l (partner_id, clinic_name, shard, redemptions)
         select i.partner_id, q.clinic_name, 0, sum(q.usage_count)
           from ${assigned} i join qr_codes q on q.id = i.qr_code_id
          where q.usage_count > 0
          group by 1, 2 order by 1, 2
         on conflict (partner_id, clinic_name, shard) do update set redemptions = l.redemptions + excluded.redemptions
       )`;
