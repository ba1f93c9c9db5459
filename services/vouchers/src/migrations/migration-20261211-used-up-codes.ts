import { Migration } from '@mikro-orm/migrations';

/** A code is used up (libs/domain voucherStatus, codeStatusSql): active, limited, every use counted. */
const usedUp = (row: string) =>
  `(${row}.is_active and ${row}.usage_limit <> 999999 and ${row}.usage_count >= ${row}.usage_limit)`;

/**
 * The codes table's "Used up" filter (issue 27) without an index on usage_count. The status depends on
 * usage_count, and an index on that column (or an expression or a partial-index predicate over it)
 * would stop every redeem from being a heap-only (HOT) update (migration 20261209, decision 124). So
 * the used-up codes are a side table of their ids, written only when a code becomes used up or stops
 * being so: the redeem that takes the last use, the cancel that gives one back, an edit of the limit,
 * a deactivation or reactivation. An AFTER ROW trigger keeps it, guarded by a WHEN clause the executor
 * evaluates without calling the function, so every other redeem (and every other write) costs nothing
 * more; enabled always, so an import in replica mode keeps it too (like qr_codes_version). 999999 is
 * UNLIMITED_USAGE_LIMIT (libs/domain). The filter is a semi-join on it (QrCodesRepository): the planner
 * reads the few used-up codes through it, or walks a sort's index probing it when they are many.
 * (qr_codes_exclusives_index stopped including usage_count in migration 20261212; until then no redeem
 * was heap-only.)
 */
export class Migration20261211UsedUpCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table used_up_codes (
      qr_code_id uuid primary key references qr_codes (id) on delete cascade)`);
    this.addSql(`create function used_up_codes_sync() returns trigger language plpgsql as $$
      begin
        if ${usedUp('new')} then
          insert into used_up_codes (qr_code_id) values (new.id) on conflict (qr_code_id) do nothing;
        elsif tg_op = 'UPDATE' then
          delete from used_up_codes where qr_code_id = new.id;
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger used_up_codes_insert after insert on qr_codes
      for each row when ${usedUp('new')} execute function used_up_codes_sync()`);
    this.addSql(`create trigger used_up_codes_update after update on qr_codes
      for each row when (${usedUp('old')} is distinct from ${usedUp('new')}) execute function used_up_codes_sync()`);
    this.addSql('alter table qr_codes enable always trigger used_up_codes_insert');
    this.addSql('alter table qr_codes enable always trigger used_up_codes_update');
    this.addSql(`insert into used_up_codes (qr_code_id) select q.id from qr_codes q where ${usedUp('q')}`);
  }
}
