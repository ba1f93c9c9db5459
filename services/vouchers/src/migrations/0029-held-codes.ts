import { Migration } from '@mikro-orm/migrations';

/** Whether a code can still be used, expiry aside (voucherStatus: not inactive, not used up). */
const usable = (row: string) => `(${row}.is_active and ${row}.usage_count < ${row}.usage_limit)`;

/** What held_codes copies of a held code: the list's order, its half, and its expiry as a key. */
const keys = (row: string) =>
  `${row}.holder_member_id, ${row}.created_at, ${usable(row)}, coalesce(${row}.expiration_date, 'infinity'::date)`;

/**
 * A member's list of codes (issue 41, "My vouchers" and the member's detail) sorts the usable ones
 * first. Read along qr_codes_holder_index, the usable half filtered each of the member's codes on the
 * heap: a member with a few usable codes among thousands used up read every one of them. The filter
 * needs usage_count, and no index of qr_codes may name it (decision 131: a redeem stays a heap-only
 * update), nor a flag column moved by the redeem (the last use of a code would then write every index
 * of qr_codes, and most held codes have one use). So, as used_up_codes and code_usage do, a narrow
 * side table holds a row per held code: its holder, created_at (the list's order, the id its
 * tie-break), whether it is usable (active and not used up) and its expiry (null as infinity). One index,
 * (holder, usable, created_at desc, id desc, expiry), makes each half a range read in the list's order,
 * expiry checked on the index entries: the usable half is (holder, true) with expiry from today, the
 * other (holder, false) merged with (holder, true) expired.
 *
 * Kept exactly by triggers, enabled always (an import in replica mode keeps it too): a statement-level
 * AFTER INSERT (an issue inserts its copies in one statement), and a row-level AFTER UPDATE guarded by
 * a WHEN clause the executor evaluates without calling the function, true only when a held code's
 * copied keys change: the redeem that takes the last use, the cancel that gives one back, a change of
 * holder (issue from a batch, merge), of the limit, of is_active or of the expiry. Every other redeem
 * costs nothing more. A deleted code's row goes with it (on delete cascade).
 */
export class Migration0029HeldCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table held_codes (
      qr_code_id uuid primary key references qr_codes (id) on delete cascade,
      holder_member_id uuid not null,
      created_at timestamptz not null,
      usable boolean not null,
      expiry_key date not null)`);
    this.addSql(`create function held_codes_insert() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into held_codes (qr_code_id, holder_member_id, created_at, usable, expiry_key)
        select m.id, ${keys('m')} from made m where m.holder_member_id is not null;
        return null;
      end $$`);
    this.addSql(`create function held_codes_update() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if new.holder_member_id is null then
          delete from held_codes where qr_code_id = new.id;
        else
          insert into held_codes (qr_code_id, holder_member_id, created_at, usable, expiry_key)
          values (new.id, ${keys('new')})
          on conflict (qr_code_id) do update
            set holder_member_id = excluded.holder_member_id, created_at = excluded.created_at,
                usable = excluded.usable, expiry_key = excluded.expiry_key;
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger held_codes_insert after insert on qr_codes
      referencing new table as made for each statement execute function held_codes_insert()`);
    this.addSql(`create trigger held_codes_update after update on qr_codes
      for each row when ((old.holder_member_id is not null or new.holder_member_id is not null)
                         and (${keys('old')}) is distinct from (${keys('new')}))
      execute function held_codes_update()`);
    this.addSql('alter table qr_codes enable always trigger held_codes_insert');
    this.addSql('alter table qr_codes enable always trigger held_codes_update');
    // Filled after the triggers exist: creating them locks out writes of qr_codes until this commits.
    this.addSql(`insert into held_codes (qr_code_id, holder_member_id, created_at, usable, expiry_key)
      select q.id, ${keys('q')} from qr_codes q where q.holder_member_id is not null`);
    this.addSql(`create index held_codes_list_index
      on held_codes (holder_member_id, usable, created_at desc, qr_code_id desc, expiry_key)`);
    this.addSql('analyze held_codes');
  }
}
