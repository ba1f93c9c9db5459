import { Migration } from '@mikro-orm/migrations';

/**
 * The credits tables sort and filter on the server (issue 27): by end date (soonest first, or last)
 * and by partner (the administrator's partner filter, newest first). Both over active credits, like
 * the list. Neither column changes on a charge (a charge updates the balance and the used amount,
 * which stay unindexed so charges remain heap-only updates).
 */
export class Migration0007ListSortIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create index if not exists athlete_credits_active_end_date_index on athlete_credits (end_date, id) where is_active',
    );
    this.addSql(
      'create index if not exists athlete_credits_active_partner_created_at_index on athlete_credits (partner_id, created_at desc, id desc) where is_active',
    );
  }
}
