import { Migration } from '@mikro-orm/migrations';

/**
 * The member pass in the wallets (issue 43): `wallet_member_passes`, one row per member whose pass was
 * ever issued to a wallet, with the pass version last issued and when each wallet got it. A revoke
 * (the members service's `members.pass.revoked.v1`) patches the Google Wallet object of a member who
 * has one; nothing secret is kept (the TOTP secret is derived by the members service when needed).
 */
export class Migration0004MemberPasses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table wallet_member_passes (
      member_id uuid primary key,
      pass_version int not null,
      apple_issued_at timestamptz,
      google_issued_at timestamptz,
      changed_at timestamptz not null default now()
    )`);
  }
}
