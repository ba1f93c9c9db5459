import { Migration } from '@mikro-orm/migrations';

/** The columns a till's offline copy shows or decides by: a change of any of them is news for a till. */
const COPIED = [
  'usage_count',
  'usage_limit',
  'is_active',
  'start_date',
  'expiration_date',
  'vendor_id',
  'partner_ids',
  'custom_title',
  'clinic_name',
  'service',
  'discount_type',
  'discount_value',
];
const copied = (row: string) => COPIED.map((column) => `${row}.${column}`).join(', ');

/** Who could honour a code as the row stood (vendor and assigned partners; '{}' for a club-wide one). */
const audience = (row: string) =>
  `case when ${row}.vendor_id is null then ${row}.partner_ids else array_prepend(${row}.vendor_id, ${row}.partner_ids) end`;
const clubWide = (row: string) => `(${row}.vendor_id is null and ${row}.partner_ids = '{}')`;

/** Upsert of a change: the newest transaction id, and everyone who could ever honour it (only grows). */
const MERGE = `on conflict (code_id) do update set
    changed_xid = excluded.changed_xid,
    deleted = excluded.deleted,
    former = case when excluded.former = '{}' then c.former
                  else array(select distinct x from unnest(c.former || excluded.former) as x) end,
    was_club_wide = c.was_club_wide or excluded.was_club_wide`;

/**
 * The till's offline copy (issue 37) asks "what changed since my copy". A narrow side table, a row per
 * code ever made, says when each code last changed: `changed_xid`, the id of the transaction that
 * changed it (pg_current_xact_id()). A till's cursor is the snapshot its copy was read in
 * (pg_current_snapshot()), so "changed_xid >= its xmin and not visible in it" is exactly what changed
 * after, a change committed late included (decision 151). Not a column of qr_codes: with it in an index no
 * redeem could be a heap-only update (decision 124, migration 20261209). The row stays when its code
 * is deleted (`deleted`), and `former` keeps every partner that could once honour the code (and
 * `was_club_wide`), so a delta tells a till to drop a code it may have held, and no other shop's ids.
 * Kept by statement-level triggers (one statement per redeem, bulk batch or bulk assignment), enabled
 * always like code_usage's. Two indexes serve the whole copy by id: a partner's own codes and the
 * club-wide ones (the assigned ones use qr_code_partners_partner_id_index); neither column changes on
 * a redeem.
 */
export class Migration0024TillCopy extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table till_code_changes (
      code_id uuid primary key,
      changed_xid xid8 not null,
      deleted boolean not null default false,
      former uuid[] not null default '{}',
      was_club_wide boolean not null default false)`);
    this.addSql(`create function till_code_inserted() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into till_code_changes as c (code_id, changed_xid)
        select m.id, pg_current_xact_id() from made m
        ${MERGE};
        return null;
      end $$`);
    this.addSql(`create function till_code_updated() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into till_code_changes as c (code_id, changed_xid, former, was_club_wide)
        select n.id, pg_current_xact_id(),
               case when (o.vendor_id, o.partner_ids) is distinct from (n.vendor_id, n.partner_ids)
                    then ${audience('o')} else '{}' end,
               ${clubWide('o')}
          from after_rows n join before_rows o on o.id = n.id
         where (${copied('o')}) is distinct from (${copied('n')})
        ${MERGE};
        return null;
      end $$`);
    this.addSql(`create function till_code_deleted() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into till_code_changes as c (code_id, changed_xid, deleted, former, was_club_wide)
        select o.id, pg_current_xact_id(), true, ${audience('o')}, ${clubWide('o')} from gone o
        ${MERGE};
        return null;
      end $$`);
    this.addSql(`create trigger till_code_inserted after insert on qr_codes
      referencing new table as made for each statement execute function till_code_inserted()`);
    this.addSql(`create trigger till_code_updated after update on qr_codes
      referencing old table as before_rows new table as after_rows
      for each statement execute function till_code_updated()`);
    this.addSql(`create trigger till_code_deleted after delete on qr_codes
      referencing old table as gone for each statement execute function till_code_deleted()`);
    for (const name of ['till_code_inserted', 'till_code_updated', 'till_code_deleted'])
      this.addSql(`alter table qr_codes enable always trigger ${name}`);
    this.addSql(`insert into till_code_changes (code_id, changed_xid)
      select id, pg_current_xact_id() from qr_codes on conflict (code_id) do nothing`);
    this.addSql('create index till_code_changes_xid_index on till_code_changes (changed_xid, code_id)');
    this.addSql('create index qr_codes_vendor_id_id_index on qr_codes (vendor_id, id)');
    this.addSql(
      `create index qr_codes_club_wide_index on qr_codes (id) where vendor_id is null and partner_ids = '{}'`,
    );
    this.addSql('analyze till_code_changes');
  }
}
