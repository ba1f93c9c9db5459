import { OUTBOX_TABLES_SQL } from '@avpass/platform';
import { Migration } from '@mikro-orm/migrations';

export class Migration0001Initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table companies (
      id uuid primary key,
      name text not null,
      email text null,
      logo_url text null,
      contact_info text null,
      phone text null,
      website text null,
      address text null,
      categories jsonb not null default '[]',
      gallery_photos jsonb not null default '[]',
      description text null,
      is_active boolean not null default true,
      created_at timestamptz not null default now()
    )`);
    this.addSql(
      'create unique index companies_email_key on companies (lower(email)) where email is not null',
    );
    this.addSql('create index companies_created_at_idx on companies (created_at)');
    // Read model of the codes assigned to each partner, fed by the vouchers service's events (dropped
    // by migration 20261202: the landing's figures are the vouchers service's tallies).
    // No foreign key: events may name a partner this service has already deleted.
    this.addSql(`create table partner_offer_stats (
      qr_code_id uuid not null,
      partner_id uuid not null,
      expiration_date date null,
      usage_count integer not null default 0,
      usage_limit integer not null,
      is_active boolean not null default true,
      primary key (qr_code_id, partner_id)
    )`);
    this.addSql('create index partner_offer_stats_partner_idx on partner_offer_stats (partner_id)');
    for (const sql of OUTBOX_TABLES_SQL) this.addSql(sql);
  }
}
