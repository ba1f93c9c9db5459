import {
  OUTGOING_MAIL_FAILED_INDEX_SQL,
  OUTGOING_MAIL_TABLE_SQL,
  OUTGOING_SMS_TABLE_SQL,
} from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/**
 * A member's own sign-in (issue 41, decisions 329 and 330): the links' and codes' secrets (their
 * SHA-256 only), the member sessions (the token's SHA-256 only), and the mail and SMS outboxes they are
 * sent through. The outboxes are created only when absent: the sending of vouchers to members
 * (migration 0002) may have made them already.
 */
export class Migration0003MemberSignIn extends Migration {
  override async up(): Promise<void> {
    this.ifAbsent('outgoing_mail', [...OUTGOING_MAIL_TABLE_SQL, OUTGOING_MAIL_FAILED_INDEX_SQL]);
    this.ifAbsent('outgoing_sms', OUTGOING_SMS_TABLE_SQL);
    this.addSql(`create table member_sign_ins (
      id uuid primary key,
      member_id uuid not null references members (id) on delete cascade,
      kind text not null check (kind in ('link', 'code')),
      secret_hash text collate "C" not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz null,
      created_at timestamptz not null default now()
    )`);
    // A link is found by its secret's hash; a code by its member (the newest one still open).
    this.addSql(
      "create unique index member_sign_ins_link_key on member_sign_ins (secret_hash) where kind = 'link'",
    );
    this.addSql(
      `create index member_sign_ins_open_code_idx on member_sign_ins (member_id, created_at desc)
        where kind = 'code' and used_at is null`,
    );
    this.addSql(`create table member_sessions (
      id uuid primary key,
      member_id uuid not null references members (id) on delete cascade,
      token_hash text collate "C" not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz null,
      constraint member_sessions_token_hash_key unique (token_hash)
    )`);
    this.addSql(
      'create index member_sessions_member_idx on member_sessions (member_id) where ended_at is null',
    );
  }

  /** Runs `statements` only when `table` does not exist yet (one DO block, so it is all or nothing). */
  private ifAbsent(table: string, statements: readonly string[]): void {
    const body = statements.map((sql) => `execute $ddl$${sql}$ddl$;`).join('\n');
    this.addSql(`do $absent$ begin
      if to_regclass('${table}') is null then
        ${body}
      end if;
    end $absent$`);
  }
}
