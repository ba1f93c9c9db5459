// The pieces of SQL that write qr_codes for another folder's statement: codes/ owns the table
// (tables.ts), and where a redeem, a cancel, an assignment or a tally move changes a code in the same
// statement as its own table, it composes one of these (house habit 18; the redeem and the cancel
// stay ONE statement each). SQL only, no imports: tools/stats-rebuild.mjs loads the tallies' SQL,
// which uses REFRESH_ALL_PARTNER_IDS_SQL, from dist.

/**
 * One use of the code: the conditional UPDATE that is the redeem's usage check and increment (its row
 * lock serialises concurrent redeems of a code). The first `?` is the code's id; `conditions` (`and …`)
 * are the redeem's further rules, with their own placeholders after it.
 */
export const useOneSql = (conditions: string): string => `update qr_codes set usage_count = usage_count + 1
     where id = ? and is_active and usage_count < usage_limit
       ${conditions}
    returning *`;

/**
 * The use a reversal gives back to its code (`reversals`, a CTE of redemption_reversals rows with
 * their qr_code_id): usage_count stays the signed sum of the code's rows, never clamped.
 */
export const giveUseBackSql = (reversals: string, returning: string): string =>
  `update qr_codes q set usage_count = q.usage_count - 1
      from ${reversals} v where q.id = v.qr_code_id
    returning ${returning}`;

/**
 * A code's partner_ids from its active assignments (qr_code_partners), under the row lock; `?` is the
 * code's id, twice. `returning`: what the caller reads of the row as the update left it.
 */
export const refreshPartnerIdsSql = (returning: string): string =>
  `update qr_codes q set partner_ids = (select coalesce(array_agg(partner_id order by partner_id), '{}')
                                             from qr_code_partners where qr_code_id = ? and is_active)
        where id = ?
        returning ${returning}`;

/** The codes of `assigned` (rows of qr_code_partners just made active) list their new partners. */
export const addPartnerIdsSql = (assigned: string): string => `update qr_codes q
            set partner_ids = (select array_agg(distinct x order by x) from unnest(q.partner_ids || g.ids) as x)
           from (select qr_code_id, array_agg(partner_id) as ids from ${assigned} group by 1) g
          where q.id = g.qr_code_id
         returning q.id`;

/** The partner (`?`, three times) was deleted: the codes assigned to it forget it. */
export const FORGET_PARTNER_SQL = `update qr_codes set partner_ids = array_remove(partner_ids, ?::uuid)
        where id in (select qr_code_id from qr_code_partners where partner_id = ?) and ?::uuid = any(partner_ids)`;

/** Every code's partner_ids from qr_code_partners (the tallies' rebuild, which counts them). */
export const REFRESH_ALL_PARTNER_IDS_SQL: readonly string[] = [
  `update qr_codes q set partner_ids = a.ids
     from (select qr_code_id, array_agg(partner_id order by partner_id) ids
             from qr_code_partners where is_active group by qr_code_id) a
    where a.qr_code_id = q.id and q.partner_ids is distinct from a.ids`,
  `update qr_codes q set partner_ids = '{}' where q.partner_ids <> '{}'
      and not exists (select 1 from qr_code_partners p where p.qr_code_id = q.id and p.is_active)`,
];
