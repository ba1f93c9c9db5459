/**
 * Trainer codes' redemptions per business day (trainer_day_tallies), what the analytics sum instead of
 * every redemption in the range: a year of one club's trainer redemptions is at most codes x days rows.
 * TallyFolder keeps them from the signed pending_tallies rows (a redeem +1, a cancel -1), as it keeps
 * the other tallies; they can always be rebuilt from the completed redemptions; `$1` is
 * BUSINESS_TIMEZONE. last_redeemed_at is no longer kept (a cancel would have to lower it): the
 * analytics read a code's newest redemption by index (TrainersRepository.trainerFigures). Run by
 * `npm run stats:rebuild` (inside REBUILD_TALLIES_SQL) and the benchmarks' seeds. Repository SQL, so
 * named *.repository.ts (avpass/repositories-only); no imports, as the tool loads it from dist.
 */

/**
 * The per-day rows from the completed redemptions, less what pending_tallies still holds for them (the
 * fold adds that back), so the result is exact whether the queue is empty (after REBUILD_TALLIES_SQL
 * emptied it) or not (a seed that runs this alone). The lock keeps the fold and the writers out.
 */
export const REBUILD_TRAINER_TALLIES_SQL: readonly string[] = [
  `lock table trainer_rules, redemptions, pending_tallies in share row exclusive mode`,
  `delete from trainer_day_tallies`,
  `insert into trainer_day_tallies (qr_code_id, day, redemptions, sales, transaction_amount, discount_given)
   select x.qr_code_id, x.day, sum(x.n), sum(x.sales), sum(x.amount), sum(x.discount)
     from (select r.qr_code_id, (r.redeemed_at at time zone $1)::date as day, 1 as n,
                  (r.transaction_amount is not null)::int as sales, coalesce(r.transaction_amount, 0) as amount,
                  coalesce(r.discount_applied, 0) as discount
             from redemptions r join trainer_rules t on t.qr_code_id = r.qr_code_id
            where r.status = 'completed'
           union all
           select p.qr_code_id, p.day, -p.delta, -p.delta * (p.transaction_amount is not null)::int,
                  -p.delta * coalesce(p.transaction_amount, 0), -p.delta * coalesce(p.discount_applied, 0)
             from pending_tallies p join trainer_rules t on t.qr_code_id = p.qr_code_id) x
    group by 1, 2
   having sum(x.n) <> 0 or sum(x.sales) <> 0 or sum(x.amount) <> 0 or sum(x.discount) <> 0`,
];

/**
 * The first fill as migration 20261126 ran it (before pending_tallies carried the code and a signed
 * delta, when a trigger kept the rows): kept for that migration only. Use REBUILD_TRAINER_TALLIES_SQL.
 */
export const TRAINER_TALLIES_FROM_ROWS_20261126_SQL: readonly string[] = [
  `lock table trainer_rules, redemptions in share row exclusive mode`,
  `delete from trainer_day_tallies`,
  `insert into trainer_day_tallies (qr_code_id, day, redemptions, sales, transaction_amount, discount_given, last_redeemed_at)
   select r.qr_code_id, (r.redeemed_at at time zone $1)::date, count(*), count(r.transaction_amount),
          coalesce(sum(r.transaction_amount), 0), coalesce(sum(r.discount_applied), 0), max(r.redeemed_at)
     from redemptions r join trainer_rules t on t.qr_code_id = r.qr_code_id
    group by 1, 2`,
];
