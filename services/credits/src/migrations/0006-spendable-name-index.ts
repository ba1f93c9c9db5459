import { Migration } from '@mikro-orm/migrations';

/**
 * The till's athlete type-ahead (GET /api/credits/spendable-athletes, issue 27) reads active credits
 * by name A-Z and stops at its page: this index gives that order, so opening the list does not sort
 * every credit a partner may process. Not partial on the balance, so charges stay HOT updates.
 */
export class Migration0006SpendableNameIndex extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'create index if not exists athlete_credits_active_name_index on athlete_credits (lower(athlete_name), id) where is_active',
    );
  }
}
