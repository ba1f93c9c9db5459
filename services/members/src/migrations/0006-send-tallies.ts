import { Migration } from '@mikro-orm/migrations';
import { SEND_TALLIES_FROM_ROWS_SQL, SEND_TALLY_SQL } from '../sends/send-tallies-sql.repository';

/**
 * A send's progress (GET /api/members/sends/{id}, polled every 2 s while a send runs) reads a tally,
 * not its deliveries: `member_send_tallies` holds, per send and shard, how many of its messages are
 * queued, sent, delivered and failed. The statements that move those messages move it, by statement
 * triggers with transition tables (as the vouchers service keeps partner_offer_tallies): an insert or
 * a delete of deliveries (a send's page; a merge that deletes a member) adds or takes away its rows'
 * states, and an update of outgoing_mail / outgoing_sms rows whose status changed (sent, failed,
 * re-sent, cancelled by a withdrawn consent or an erasure, a provider's delivered callback) moves each
 * from its old state to its new one, so a figure goes down as well as up. Shards (by the delivery's
 * id) spread the workers' concurrent updates of one send; every writer upserts them in key order, so
 * none deadlock. `npm run stats:rebuild` checks the tally against the rows (SEND_TALLY_MISMATCHES_SQL).
 */
export class Migration0006SendTallies extends Migration {
  override async up(): Promise<void> {
    for (const sql of SEND_TALLY_SQL) this.addSql(sql);
    // Filled after the triggers exist: creating them locks out writes of those tables until this commits.
    this.addSql(SEND_TALLIES_FROM_ROWS_SQL);
  }
}
