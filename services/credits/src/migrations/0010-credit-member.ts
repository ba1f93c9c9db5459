import { Migration } from '@mikro-orm/migrations';

/**
 * An athlete credit may name its member (issue 41, decision 336): a nullable column, so the previous
 * release (which never writes it) keeps serving, and an index of the linked credits by member, newest
 * first, which the member's balance and list read and the members' erased and merged events update by.
 * A charge never changes member_id, so it stays a heap-only update.
 */
export class Migration0010CreditMember extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table athlete_credits add column if not exists member_id uuid null');
    this.addSql(
      'create index if not exists athlete_credits_member_index on athlete_credits (member_id, created_at desc, id desc) where member_id is not null',
    );
  }
}
