import { Migration } from '@mikro-orm/migrations';

/**
 * The member pass (issue 43, decisions 363 and 364). On members: the pass's version (revoking moves it
 * on, so every earlier code is refused), when and by which transaction it last moved (the till's
 * revocations list pages by that transaction id, as the till's code copy does), and the date of birth
 * an Apple Wallet pass's static code asks for. `member_pass_keys`: the signing keys' schedule and
 * public halves; the private halves are derived from MEMBER_PASS_SECRET and never stored.
 */
export class Migration0007MemberPass extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table members
      add column birth_date date null,
      add column pass_version integer not null default 1 check (pass_version > 0),
      add column pass_revoked_at timestamptz null,
      add column pass_revoked_xid xid8 null`);
    // The revocations list and its delta: (xid, id) order, only members whose pass moved on.
    this.addSql(
      `create index members_pass_revoked_order on members (pass_revoked_xid, id)
        where pass_revoked_xid is not null`,
    );
    this.addSql(`create table member_pass_keys (
      key_id integer primary key check (key_id > 0),
      public_key text not null,
      not_before timestamptz not null,
      sign_until timestamptz not null,
      verify_until timestamptz not null,
      created_at timestamptz not null default now(),
      constraint member_pass_keys_order check (not_before < sign_until and sign_until <= verify_until)
    )`);
  }
}
