import { Migration } from '@mikro-orm/migrations';

/**
 * Athlete credits and their ledger (spec section 3), amounts in integer cents. The database holds the
 * invariants too: a balance never below zero, balance + used = total, positive amounts, a transaction's
 * credit exists (no cascade: money history is never erased), a void carries its reason. Indexes serve
 * each list's keyset order and the search boxes; credit_tallies keeps the Partner Credits cards.
 */
export class Migration0002Credits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table athlete_credits (
      id uuid primary key,
      athlete_name text not null check (length(btrim(athlete_name)) > 0),
      athlete_image text,
      athlete_role text not null default 'athlete' check (athlete_role in ('athlete', 'trainer', 'coach')),
      total_amount integer not null check (total_amount > 0),
      monthly_amount integer not null check (monthly_amount >= 0),
      duration integer not null default 12 check (duration between 1 and 120),
      start_date date not null,
      end_date date not null,
      current_balance integer not null check (current_balance >= 0),
      used_amount integer not null default 0 check (used_amount >= 0),
      notes text,
      partner_id uuid,
      partner_name text,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      created_by text,
      updated_at timestamptz not null default now(),
      constraint athlete_credits_dates_check check (start_date < end_date),
      constraint athlete_credits_ledger_check check (current_balance + used_amount = total_amount)
    )`);
    this.addSql(`create table credit_transactions (
      id uuid primary key,
      credit_id uuid not null references athlete_credits (id) on delete restrict,
      athlete_name text not null,
      partner_id uuid,
      partner_name text,
      transaction_type text not null check (transaction_type in ('purchase', 'service', 'equipment', 'other')),
      amount integer not null check (amount > 0),
      description text not null check (length(btrim(description)) > 0),
      category text not null default 'equipment'
        check (category in ('shoes', 'equipment', 'apparel', 'services', 'other')),
      reference text,
      balance_after integer not null check (balance_after >= 0),
      notes text,
      attachments jsonb,
      created_at timestamptz not null default now(),
      created_by text,
      business_day date not null,
      idempotency_key text,
      voided_at timestamptz,
      voided_by text,
      void_reason text,
      constraint credit_transactions_void_check check (
        (voided_at is null and voided_by is null and void_reason is null)
        or (voided_at is not null and length(btrim(void_reason)) > 0)),
      constraint credit_transactions_idempotency_key unique (credit_id, idempotency_key)
    )`);
    // Figures of the Partner Credits cards per scope (the platform, each partner) and business day,
    // sharded so concurrent tills rarely queue on one row (as the vouchers' redemption tallies).
    this.addSql(`create table credit_tallies (
      scope_id uuid not null,
      day date not null,
      shard smallint not null,
      transactions integer not null default 0,
      sales bigint not null default 0,
      primary key (scope_id, day, shard)
    )`);
    this.addSql(
      'create index athlete_credits_active_created_at_index on athlete_credits (created_at desc, id desc) where is_active',
    );
    this.addSql(
      'create index athlete_credits_athlete_name_trgm_index on athlete_credits using gin (athlete_name public.gin_trgm_ops)',
    );
    this.addSql(
      'create index credit_transactions_created_at_index on credit_transactions (created_at desc, id desc)',
    );
    this.addSql(
      'create index credit_transactions_partner_created_at_index on credit_transactions (partner_id, created_at desc, id desc)',
    );
    this.addSql(
      'create index credit_transactions_credit_created_at_index on credit_transactions (credit_id, created_at desc, id desc)',
    );
  }
}
