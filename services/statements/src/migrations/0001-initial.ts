import { appendOnlyTableSql, AUDIT_TABLE_SQL, OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox and inbox, the audit entries, and `statement_entries`: the ledger the statements are summed
 * from, one row per economic event another service published (decision 278). `(kind, source_id)` is
 * unique, so a redelivered event is kept once. A period's figures for a partner read its rows by
 * `(partner_id, occurred_at)`: a month of a partner is an index range, whatever the ledger's size.
 */
export class Migration0001Initial extends Migration {
  override async up(): Promise<void> {
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
    for (const sql of AUDIT_TABLE_SQL) this.addSql(sql);
    for (const sql of appendOnlyTableSql('audit_entries')) this.addSql(sql);
    this.addSql(`create table if not exists statement_entries (
      id uuid primary key default gen_random_uuid(),
      partner_id uuid not null,
      kind text not null check (kind in ('redemption', 'redemption_cancel', 'credit_charge', 'credit_void', 'merch_usage')),
      source_id uuid not null,
      occurred_at timestamptz not null,
      origin_at timestamptz not null,
      subject_type text not null,
      subject_id uuid not null,
      label text not null default '',
      quantity integer not null,
      sale_cents bigint,
      discount_cents bigint not null default 0,
      funded_by text check (funded_by in ('club', 'partner')),
      club_owes_cents bigint not null default 0,
      partner_owes_cents bigint not null default 0,
      without_sale_amount boolean not null default false,
      recorded_at timestamptz not null default now(),
      unique (kind, source_id)
    )`);
    this.addSql(
      'create index if not exists statement_entries_partner on statement_entries (partner_id, occurred_at)',
    );
  }
}
