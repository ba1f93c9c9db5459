import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 42: a user's own language (en or es), for the screens and what is sent to them. English for
 * every user until they choose; the previous release, which does not know the column, keeps working.
 */
export class Migration0006UserLanguage extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table users add column language text not null default 'en' check (language in ('en', 'es'))`,
    );
  }
}
