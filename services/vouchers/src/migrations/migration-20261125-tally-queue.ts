import { Migration } from '@mikro-orm/migrations';

/**
 * The redeem's tallies go through a small queue (issue 11): the redeem statement inserts one row
 * (the scopes, business day, facility and batch the redemption counts for, as they were under its row
 * lock) instead of upserting three contended tally rows, and the service folds the queue into the
 * tallies every moment (TallyFolder). Readers add the pending rows to the folded tallies, so the
 * figures are exact at every instant; `npm run stats:rebuild` empties the queue with the tallies.
 */
export class Migration20261125TallyQueue extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table pending_tallies (
      id bigint generated always as identity primary key,
      day date not null,
      partner_ids uuid[] not null,
      clinic_name text not null,
      batch_id uuid)`);
  }
}
