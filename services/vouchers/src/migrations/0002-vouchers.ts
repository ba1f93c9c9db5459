import { Migration } from '@mikro-orm/migrations';

/** Vouchers, their redemptions, partner assignments and bulk batches. */
export class Migration0002Vouchers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table batches (
      id uuid primary key,
      name text not null,
      count integer not null check (count >= 1),
      created_at timestamptz not null default now(),
      created_by uuid null
    )`);
    this.addSql('create index batches_created_at_index on batches (created_at)');

    this.addSql(`create table qr_codes (
      id uuid primary key,
      company_id uuid null,
      vendor_id uuid null,
      created_by_user_id uuid null,
      clinic_id uuid null,
      clinic_name text not null,
      discount_type text not null check (discount_type in ('percentage', 'fixed', 'bogo', 'free-service')),
      discount_value integer not null check (discount_value >= 0),
      service text not null,
      expiration_date date null,
      usage_limit integer not null check (usage_limit between 1 and 999999),
      usage_count integer not null default 0 check (usage_count >= 0),
      terms text null,
      logo_url text null,
      qr_url text not null,
      qr_data jsonb null,
      batch_id uuid null references batches (id) on delete set null,
      batch_name text null,
      custom_title text null,
      partner_type text not null default 'partner',
      created_at timestamptz not null default now(),
      qr_type text not null default 'partner' check (qr_type in ('partner', 'trainer', 'other')),
      trainer_name text null,
      trainer_image text null,
      trainer_role text null check (trainer_role in ('trainer', 'athlete', 'coach')),
      is_active boolean not null default true,
      is_project_rooted_exclusive boolean not null default false,
      exclusive_type text null,
      exclusive_details jsonb null,
      constraint qr_codes_usage_within_limit check (usage_count <= usage_limit)
    )`);
    this.addSql('create index qr_codes_created_at_index on qr_codes (created_at)');
    this.addSql('create index qr_codes_batch_id_index on qr_codes (batch_id)');
    this.addSql('create index qr_codes_vendor_id_index on qr_codes (vendor_id)');

    this.addSql(`create table redemptions (
      id uuid primary key,
      qr_code_id uuid not null references qr_codes (id) on delete cascade,
      redeemed_at timestamptz not null default now(),
      redeemed_by text not null default 'Store Scanner',
      device_info text null,
      ip_address text null,
      user_agent text null,
      location text null,
      transaction_amount integer null,
      discount_applied integer null,
      referral_code text null,
      notes text null,
      status text not null default 'completed',
      cancelled_at timestamptz null,
      cancel_reason text null,
      idempotency_key text null,
      constraint redemptions_qr_code_id_idempotency_key_unique unique (qr_code_id, idempotency_key)
    )`);
    this.addSql('create index redemptions_redeemed_at_index on redemptions (redeemed_at)');
    this.addSql('create index redemptions_qr_code_id_index on redemptions (qr_code_id)');

    this.addSql(`create table qr_code_partners (
      id uuid primary key,
      qr_code_id uuid not null references qr_codes (id) on delete cascade,
      partner_id uuid not null,
      assigned_at timestamptz not null default now(),
      assigned_by uuid null,
      is_active boolean not null default true,
      constraint qr_code_partners_qr_code_id_partner_id_unique unique (qr_code_id, partner_id)
    )`);
    this.addSql('create index qr_code_partners_partner_id_index on qr_code_partners (partner_id)');
  }
}
