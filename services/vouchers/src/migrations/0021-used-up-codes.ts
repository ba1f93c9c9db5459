import { Migration } from '@mikro-orm/migrations';

/** A code is used up (libs/domain voucherStatus, codeStatusSql): active, limited, every use counted. */
const usedUp = (row: string) =>
  `(${row}.is_active and ${row}.usage_limit <> 999999 and ${row}.usage_count >= ${row}.usage_limit)`;

/** What used_up_codes copies of a code: the codes table's sort keys (code-list-sql.ts's expressions). */
const keys = (row: string) =>
  `(${row}.created_at, lower(${row}.clinic_name), coalesce(${row}.expiration_date, 'infinity'::date), ${row}.usage_count)`;

/**
 * The codes table's "Used up" filter (issue 27) without an index on usage_count. The status depends on
 * usage_count, and an index on that column (or an expression or a partial-index predicate over it)
 * would stop every redeem from being a heap-only (HOT) update (migration 20261209, decision 124). So
 * the used-up codes are a side table, a row per used-up code, written only when a code becomes used up
 * or stops being so (the redeem that takes the last use, the cancel that gives one back, an edit of the
 * limit, a deactivation or reactivation) or when a used-up code's sort key is edited (its name, its
 * expiry). Each row carries the table's sort keys, each indexed with the id (the keyset's tie-break),
 * so the filtered page in any sort is read along the side table's index: a page's worth of rows
 * whether one code in a thousand is used up or every other one. AFTER ROW triggers keep it, guarded
 * by WHEN clauses the executor evaluates without calling the function, so every other redeem (and
 * every other write) costs nothing more; enabled always, so an import in replica mode keeps it too
 * (like qr_codes_version). 999999 is UNLIMITED_USAGE_LIMIT (libs/domain); a used-up code's usage_count
 * equals its limit and does not change while it stays used up.
 */
export class Migration0021UsedUpCodes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table used_up_codes (
      qr_code_id uuid primary key references qr_codes (id) on delete cascade,
      created_at timestamptz not null,
      name_key text not null,
      expiry_key date not null,
      usage_count integer not null)`);
    this.addSql('create index used_up_codes_created_at_index on used_up_codes (created_at, qr_code_id)');
    this.addSql('create index used_up_codes_name_index on used_up_codes (name_key, qr_code_id)');
    this.addSql('create index used_up_codes_expiry_index on used_up_codes (expiry_key, qr_code_id)');
    this.addSql('create index used_up_codes_usage_index on used_up_codes (usage_count, qr_code_id)');
    this.addSql(`create function used_up_codes_sync() returns trigger language plpgsql
      set search_path from current as $$
      begin
        if ${usedUp('new')} then
          insert into used_up_codes (qr_code_id, created_at, name_key, expiry_key, usage_count)
          values (new.id, ${keys('new').slice(1, -1)})
          on conflict (qr_code_id) do update
            set created_at = excluded.created_at, name_key = excluded.name_key,
                expiry_key = excluded.expiry_key, usage_count = excluded.usage_count;
        elsif tg_op = 'UPDATE' then
          delete from used_up_codes where qr_code_id = new.id;
        end if;
        return null;
      end $$`);
    this.addSql(`create trigger used_up_codes_insert after insert on qr_codes
      for each row when ${usedUp('new')} execute function used_up_codes_sync()`);
    this.addSql(`create trigger used_up_codes_update after update on qr_codes
      for each row when (${usedUp('old')} is distinct from ${usedUp('new')}
        or (${usedUp('new')} and ${keys('old')} is distinct from ${keys('new')}))
      execute function used_up_codes_sync()`);
    this.addSql('alter table qr_codes enable always trigger used_up_codes_insert');
    this.addSql('alter table qr_codes enable always trigger used_up_codes_update');
    this.addSql(`insert into used_up_codes (qr_code_id, created_at, name_key, expiry_key, usage_count)
      select q.id, ${keys('q').slice(1, -1)} from qr_codes q where ${usedUp('q')}`);
  }
}
