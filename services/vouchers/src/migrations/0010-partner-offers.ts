import { Migration } from '@mikro-orm/migrations';
import { PARTNER_OFFER_TALLIES_FROM_ROWS_SQL } from '../tallies/partner-offer-tallies-sql.repository';

/**
 * The landing page's figures of each partner (issue 24): the codes it owns (vendor_id) or is assigned
 * (partner_ids, its active assignments), counted once each, by expiration day and shard, with how many
 * of them are still open (not deactivated, not used up). `activeOffers` is the open ones whose day has
 * not passed, `totalQrCodes` all of them: a few rows per partner, never its codes.
 *
 * Kept by statement triggers on qr_codes with transition tables, so every path that changes a code
 * (a redeem's one statement, a 100,000-code batch or assignment, a create with a partner, a delete)
 * moves the tallies set-based in its own statement, whoever writes it. An update whose codes keep
 * their contribution (an ordinary redeem) adds nothing and writes nothing. The shard (from the code's
 * id) spreads concurrent redeems that use up single-use codes of one partner and one day.
 */
export class Migration0010PartnerOffers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table partner_offer_tallies (
      partner_id uuid not null,
      expiration_day date not null,
      shard smallint not null,
      codes bigint not null default 0,
      open bigint not null default 0,
      primary key (partner_id, expiration_day, shard))`);
    // The contribution of a set of code rows: one row per (partner, day, shard, sign).
    const contribution = (rows: string, sign: number) => `
      select p.id as partner_id, coalesce(r.expiration_date, 'infinity'::date) as expiration_day,
             (abs(hashtext(r.id::text)) % 8)::smallint as shard,
             ${sign} as codes, ${sign} * (r.is_active and r.usage_count < r.usage_limit)::int as open
        from ${rows} r,
             unnest(case when r.vendor_id is null or r.vendor_id = any(r.partner_ids) then r.partner_ids
                         else r.partner_ids || r.vendor_id end) as p(id)`;
    const apply = (deltas: string) => `
      insert into partner_offer_tallies as t (partner_id, expiration_day, shard, codes, open)
      select partner_id, expiration_day, shard, sum(codes), sum(open) from (${deltas}) d
       group by 1, 2, 3 having sum(codes) <> 0 or sum(open) <> 0 order by 1, 2, 3
      on conflict (partner_id, expiration_day, shard)
        do update set codes = t.codes + excluded.codes, open = t.open + excluded.open`;
    this.addSql(`create function partner_offer_tally() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if tg_op = 'INSERT' then
          ${apply(contribution('new_rows', 1))};
        elsif tg_op = 'DELETE' then
          ${apply(contribution('old_rows', -1))};
        else
          ${apply(`${contribution('new_rows', 1)} union all ${contribution('old_rows', -1)}`)};
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger qr_codes_offer_tally_insert after insert on qr_codes
      referencing new table as new_rows for each statement execute function partner_offer_tally()`);
    this.addSql(`create trigger qr_codes_offer_tally_update after update on qr_codes
      referencing old table as old_rows new table as new_rows for each statement execute function partner_offer_tally()`);
    this.addSql(`create trigger qr_codes_offer_tally_delete after delete on qr_codes
      referencing old table as old_rows for each statement execute function partner_offer_tally()`);
    for (const sql of PARTNER_OFFER_TALLIES_FROM_ROWS_SQL) this.addSql(sql);
  }
}
