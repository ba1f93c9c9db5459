import { Migration } from '@mikro-orm/migrations';

/**
 * The language a batch's printed cards speak (issue 42, decision 359): `en`, `es` or `bilingual`
 * (both on one card). Existing batches print as before, in English: a constant default adds the column
 * without rewriting the table.
 */
export class Migration0030CardLanguage extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table batches add column card_language text not null default 'en'
      check (card_language in ('en', 'es', 'bilingual'))`);
  }
}
