import { Migration } from '@mikro-orm/migrations';
import { REBUILD_CODE_KEY_TALLIES_SQL } from '../tallies/tallies-sql.repository';

/**
 * Issue 11, continued.
 *
 * The code search box searches one lower-cased text of the searched fields through one trigram index
 * (codeSearchText in code-visibility.ts is the same expression) instead of four indexes or'ed
 * together; the four go, which also spares every non-HOT update of a code (a redeem) their upkeep.
 *
 * The redeem's tallies go through a small queue: the redeem statement inserts one row
 * (the scopes, business day, facility and batch the redemption counts for, as they were under its row
 * lock) instead of upserting three contended tally rows, and the service folds the queue into the
 * tallies every moment (TallyFolder). Readers add the pending rows to the folded tallies, so the
 * figures are exact at every instant; `npm run stats:rebuild` empties the queue with the tallies.
 */
export class Migration0004Scale extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table pending_tallies (
      id bigint generated always as identity primary key,
      day date not null,
      partner_ids uuid[] not null,
      clinic_name text not null,
      batch_id uuid)`);

    this.addSql(
      `create index qr_codes_search_trgm_index on qr_codes using gin (
         (lower(clinic_name) || E'\\x1f' || lower(service) || E'\\x1f' ||
          lower(coalesce(custom_title, '')) || E'\\x1f' || lower(coalesce(batch_name, ''))) public.gin_trgm_ops)`,
    );
    // 30,000 distinct texts in a year leave no common values: a finer histogram lets the planner
    // judge how many codes a substring matches.
    this.addSql('alter index qr_codes_search_trgm_index alter column 1 set statistics 1000');
    for (const column of ['clinic_name', 'service', 'custom_title', 'batch_name']) {
      this.addSql(`drop index if exists qr_codes_${column}_trgm_index`);
    }

    // All codes by the UTC day they were made: a deep page by offset skips whole days by their counts.
    this.addSql(`create table code_day_tallies (day date primary key, codes bigint not null default 0)`);
    // All codes by their search text (codeSearchText): the administrator's search total adds up the
    // few distinct texts that match instead of rechecking every matching code's row.
    this.addSql(
      `create table code_search_tallies (search_text text primary key, codes bigint not null default 0)`,
    );
    // Written to directly (no pending list to read through at every search); room for HOT updates.
    this.addSql(
      'create index code_search_tallies_trgm_index on code_search_tallies using gin (search_text public.gin_trgm_ops) with (fastupdate = off)',
    );
    this.addSql('alter table code_search_tallies set (fillfactor = 70)');
    for (const sql of REBUILD_CODE_KEY_TALLIES_SQL) this.addSql(sql);
  }
}
