import { Migration } from '@mikro-orm/migrations';

/**
 * The tables' usage sort (issue 27) along an index, without an index on qr_codes.usage_count: with
 * that column in any index of qr_codes (or an expression or a partial predicate over it) no redeem
 * could be a heap-only (HOT) update (migration 20261209, decision 124). So each code's usage count is
 * copied into a narrow side table, a row per code, indexed (usage_count, code_id): the codes list
 * sorted by usage reads a page along that index and joins each row to its code (visibility, search,
 * status and partner checked row by row), instead of reading and sorting every code. `trainer` copies
 * qr_type = 'trainer', so the trainer table's usage sort has a partial index of its own (trainer codes
 * are a few among all codes). Kept exactly in step by triggers, enabled always (an import in replica
 * mode keeps it too, like used_up_codes): a statement-level AFTER INSERT (one insert per statement, a
 * bulk batch included), and a row-level AFTER UPDATE OF usage_count, qr_type guarded by a WHEN clause
 * (a redeem raises the count, a cancel lowers it; every other update of a code costs nothing more).
 * The redeem's update of qr_codes holds the code's row lock until commit, so parallel redeems of a code
 * write its copy in the same order as the code. A deleted code's row goes with it (on delete cascade).
 */
export class Migration0023CodeUsage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table code_usage (
      code_id uuid primary key references qr_codes (id) on delete cascade,
      usage_count integer not null,
      trainer boolean not null)`);
    this.addSql(`create function code_usage_insert() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into code_usage (code_id, usage_count, trainer)
        select m.id, m.usage_count, m.qr_type = 'trainer' from made m;
        return null;
      end $$`);
    this.addSql(`create function code_usage_update() returns trigger language plpgsql
      set search_path from current as $$
      begin
        insert into code_usage (code_id, usage_count, trainer)
        values (new.id, new.usage_count, new.qr_type = 'trainer')
        on conflict (code_id) do update
          set usage_count = excluded.usage_count, trainer = excluded.trainer;
        return null;
      end $$`);
    this.addSql(`create trigger code_usage_insert after insert on qr_codes
      referencing new table as made for each statement execute function code_usage_insert()`);
    this.addSql(`create trigger code_usage_update after update of usage_count, qr_type on qr_codes
      for each row when (old.usage_count is distinct from new.usage_count or old.qr_type is distinct from new.qr_type)
      execute function code_usage_update()`);
    this.addSql('alter table qr_codes enable always trigger code_usage_insert');
    this.addSql('alter table qr_codes enable always trigger code_usage_update');
    // Filled after the triggers exist: creating them locks out writes of qr_codes until this commits.
    this.addSql(`insert into code_usage (code_id, usage_count, trainer)
      select id, usage_count, qr_type = 'trainer' from qr_codes`);
    this.addSql('create index code_usage_order_index on code_usage (usage_count, code_id)');
    this.addSql(
      'create index code_usage_trainer_order_index on code_usage (usage_count, code_id) where trainer',
    );
    this.addSql('analyze code_usage');
  }
}
