import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 39: a partner's legal name, for the payout export a bookkeeper imports. Nullable and without a
 * default, so the previous release (which never names it) keeps writing partners as before.
 */
export class Migration0009LegalName extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table companies add column if not exists legal_name text');
  }
}
