import { Migration } from '@mikro-orm/migrations';

/**
 * `statements` (one row per partner, month and revision; a resolved dispute adds a revision and keeps
 * the old one) and `statement_lines` (frozen when issued: the ledger summed by section and subject).
 * Lists page by (issued_at desc, id desc), alone or after the partner, and a statement's lines by
 * (statement_id, position). The ledger's `occurred_at` index finds the partners with rows in a month.
 */
export class Migration0002Statements extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists statements (
      id uuid primary key,
      partner_id uuid not null,
      period date not null,
      revision integer not null default 1,
      status text not null check (status in ('issued', 'approved', 'disputed', 'superseded', 'paid')),
      club_owes_cents bigint not null default 0,
      partner_owes_cents bigint not null default 0,
      line_count integer not null default 0,
      issued_at timestamptz not null default now(),
      approved_at timestamptz,
      disputed_at timestamptz,
      dispute_reason text,
      disputed_line_ids uuid[] not null default '{}',
      resolution text,
      supersedes_id uuid references statements (id),
      paid_at date,
      paid_reference text,
      unique (partner_id, period, revision)
    )`);
    this.addSql('create index if not exists statements_issued on statements (issued_at desc, id desc)');
    this.addSql(
      'create index if not exists statements_partner on statements (partner_id, issued_at desc, id desc)',
    );
    this.addSql(
      'create index if not exists statements_period on statements (period, issued_at desc, id desc)',
    );
    this.addSql(`create table if not exists statement_lines (
      id uuid primary key default gen_random_uuid(),
      statement_id uuid not null references statements (id),
      position integer not null,
      section text not null check (section in ('vouchers', 'adjustments', 'credits', 'merchandise', 'resolution')),
      subject_type text not null,
      subject_id uuid,
      label text not null,
      quantity integer not null default 0,
      reversals integer not null default 0,
      sales_cents bigint not null default 0,
      discount_cents bigint not null default 0,
      partner_funded_cents bigint not null default 0,
      club_owes_cents bigint not null default 0,
      partner_owes_cents bigint not null default 0,
      reversed_cents bigint not null default 0,
      without_sale_amount integer not null default 0,
      unique (statement_id, position)
    )`);
    this.addSql('create index if not exists statement_entries_at on statement_entries (occurred_at)');
  }
}
