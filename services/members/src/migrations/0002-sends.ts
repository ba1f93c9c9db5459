import {
  OUTGOING_MAIL_FAILED_INDEX_SQL,
  OUTGOING_MAIL_TABLE_SQL,
  OUTGOING_SMS_TABLE_SQL,
} from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/**
 * Sending vouchers to members (issue 41, decision 325): the mail and SMS outboxes of the platform, a
 * send (what, to whom, how far its expansion got) and one delivery per member, voucher and channel,
 * which names its outgoing row (the delivery's status is that row's).
 */
export class Migration0002Sends extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTGOING_MAIL_TABLE_SQL) this.addSql(sql);
    this.addSql(OUTGOING_MAIL_FAILED_INDEX_SQL);
    for (const sql of OUTGOING_SMS_TABLE_SQL) this.addSql(sql);
    this.addSql(`create table member_sends (
      id uuid primary key,
      source_kind text not null check (source_kind in ('voucher', 'batch')),
      source_id uuid not null,
      member_ids uuid[] null,
      tag text null,
      channels text[] not null,
      status text not null default 'expanding' check (status in ('expanding', 'done', 'failed')),
      after_member_id uuid null,
      wallet jsonb null,
      members integer not null default 0,
      queued integer not null default 0,
      skipped_email integer not null default 0,
      skipped_sms integer not null default 0,
      refused integer not null default 0,
      last_error text null,
      lease_until timestamptz null,
      created_by uuid null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz null,
      constraint member_sends_one_selection check ((member_ids is null) <> (tag is null))
    )`);
    this.addSql(
      `create index member_sends_expanding_idx on member_sends (created_at) where status = 'expanding'`,
    );
    this.addSql(`create table member_deliveries (
      id uuid primary key,
      send_id uuid not null references member_sends (id),
      member_id uuid not null references members (id) on delete cascade,
      source_id uuid not null,
      channel text not null check (channel in ('email', 'sms')),
      qr_code_id uuid not null,
      public_id text not null,
      address text null,
      outgoing_id uuid not null,
      created_at timestamptz not null default now(),
      constraint member_deliveries_once unique (member_id, source_id, channel)
    )`);
    this.addSql(
      'create index member_deliveries_member_order on member_deliveries (member_id, created_at desc, id desc)',
    );
  }
}
