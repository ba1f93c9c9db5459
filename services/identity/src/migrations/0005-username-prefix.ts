import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 44: the audit person picker finds users by the start of their username, any case
 * (`lower(username) like 'sam%'`). The unique index on lower(username) cannot serve a prefix LIKE
 * under a linguistic collation; text_pattern_ops can, whatever the database's collation.
 */
export class Migration0005UsernamePrefix extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index users_username_prefix_index on users (lower(username) text_pattern_ops)');
  }
}
