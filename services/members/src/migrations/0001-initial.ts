import {
  AUDIT_TABLE_SQL,
  appendOnlyTableSql,
  IDEMPOTENCY_TABLES_SQL,
  OUTBOX_TABLES_SQL,
} from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/**
 * The members (issue 41, decision 310): one row each, e-mail (lower-cased) and phone (E.164) unique
 * among the members not erased; an erased row keeps its id and erased_at, nothing personal. The
 * consents' history, the outbox, the append-only audit trail and the idempotency keys.
 */
export class Migration0001Initial extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
    this.addSql(`create table members (
      id uuid primary key,
      first_name text not null,
      last_name text not null default '',
      email text null,
      phone text null,
      language text not null default 'en' check (language in ('en', 'es')),
      tags text[] not null default '{}',
      email_consent boolean not null default false,
      email_consent_at timestamptz null,
      email_consent_source text null,
      sms_consent boolean not null default false,
      sms_consent_at timestamptz null,
      sms_consent_source text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      erased_at timestamptz null,
      constraint members_reachable check (erased_at is not null or email is not null or phone is not null),
      constraint members_email_lower check (email = lower(email)),
      constraint members_phone_e164 check (phone ~ '^\\+[1-9][0-9]{1,14}$')
    )`);
    this.addSql('create unique index members_email_key on members (email) where email is not null');
    this.addSql('create unique index members_phone_key on members (phone) where phone is not null');
    // The list's orders (newest first; by last name, first name) and its filters, members not erased.
    this.addSql(
      'create index members_created_order on members (created_at desc, id desc) where erased_at is null',
    );
    this.addSql(
      `create index members_name_order on members ((lower(last_name || ' ' || first_name)), id)
        where erased_at is null`,
    );
    this.addSql('create index members_tags_idx on members using gin (tags) where erased_at is null');
    // The search box: a prefix of the first name, the last name, the full name or the e-mail, each a
    // btree range (text_pattern_ops: `like 'ana%'` whatever the database's collation); the phone's
    // prefix reads members_phone_key.
    this.addSql(
      'create index members_first_name_prefix on members (lower(first_name) text_pattern_ops) where erased_at is null',
    );
    this.addSql(
      'create index members_last_name_prefix on members (lower(last_name) text_pattern_ops) where erased_at is null',
    );
    this.addSql(
      `create index members_full_name_prefix on members ((lower(first_name || ' ' || last_name)) text_pattern_ops)
        where erased_at is null`,
    );
    this.addSql(
      'create index members_email_prefix on members (email text_pattern_ops) where erased_at is null',
    );
    this.addSql(
      'create index members_phone_prefix on members (phone text_pattern_ops) where erased_at is null',
    );
    this.addSql(`create table member_consents (
      id bigint generated always as identity primary key,
      member_id uuid not null references members (id) on delete cascade,
      channel text not null check (channel in ('email', 'sms')),
      given boolean not null,
      source text not null,
      at timestamptz not null default now()
    )`);
    this.addSql('create index member_consents_member_idx on member_consents (member_id, at, id)');
    for (const sql of AUDIT_TABLE_SQL) this.addSql(sql);
    for (const sql of appendOnlyTableSql('audit_entries')) this.addSql(sql);
    for (const sql of IDEMPOTENCY_TABLES_SQL) this.addSql(sql);
  }
}
