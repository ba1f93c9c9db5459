/**
 * Trainer codes' redemptions per business day (trainer_day_tallies), what the analytics sum instead of
 * every redemption in the range: a year of one club's trainer redemptions is at most codes x days rows.
 * The rows come from the redemptions rows, so they can always be rebuilt; `$1` is BUSINESS_TIMEZONE.
 * Run by the migration's first fill, `npm run stats:rebuild` and the benchmarks' seeds. Repository SQL,
 * so named *.repository.ts (avpass/repositories-only); no imports, as the tool loads it from dist.
 */
export const REBUILD_TRAINER_TALLIES_SQL: readonly string[] = [
  `lock table trainer_rules, redemptions in share row exclusive mode`,
  `delete from trainer_day_tallies`,
  `insert into trainer_day_tallies (qr_code_id, day, redemptions, sales, transaction_amount, discount_given, last_redeemed_at)
   select r.qr_code_id, (r.redeemed_at at time zone $1)::date, count(*), count(r.transaction_amount),
          coalesce(sum(r.transaction_amount), 0), coalesce(sum(r.discount_applied), 0), max(r.redeemed_at)
     from redemptions r join trainer_rules t on t.qr_code_id = r.qr_code_id
    group by 1, 2`,
];
