import { Migration } from '@mikro-orm/migrations';

/**
 * A send keeps its sender's name as staff see it, so the codes the vouchers service issues for it are
 * audited under that name ("Ana Admin created the code …"), as the codes the sender makes by hand are.
 */
export class Migration0004SendSenderName extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table member_sends add column if not exists created_by_name text null');
  }
}
