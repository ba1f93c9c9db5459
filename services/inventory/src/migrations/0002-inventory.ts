import { Migration } from '@mikro-orm/migrations';

/**
 * Merch items, their stock lines, partner allocations and the inventory ledger. The quantities of a
 * line always add up — total = available + allocated + sold, none negative — and the database holds
 * that with CHECK constraints as well as the service
 * (docs/decisions/0061-a-stock-lines-quantities-total-available-allocated-sold.md).
 */
export class Migration0002Inventory extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table merch_items (
      id uuid primary key,
      name text not null,
      sku text not null,
      description text null,
      category text not null,
      brand text null,
      price integer not null check (price >= 0),
      image_url text null,
      additional_images jsonb not null default '[]',
      sizes jsonb not null default '[]',
      colors jsonb not null default '[]',
      tags jsonb not null default '[]',
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      created_by text null,
      updated_at timestamptz not null default now()
    )`);
    // SKU is unique regardless of case.
    this.addSql('create unique index merch_items_sku_key on merch_items (lower(sku))');
    this.addSql('create index merch_items_created_idx on merch_items (created_at desc, id desc)');
    this.addSql(
      'create index merch_items_category_created_idx on merch_items (category, created_at desc, id desc)',
    );
    for (const column of ['name', 'sku', 'brand']) {
      this.addSql(
        `create index merch_items_${column}_trgm_idx on merch_items using gin (${column} public.gin_trgm_ops)`,
      );
    }

    this.addSql(`create table merch_inventory (
      id uuid primary key,
      merch_item_id uuid not null references merch_items (id) on delete restrict,
      size text not null,
      color text null,
      total_quantity integer not null default 0 check (total_quantity >= 0),
      available_quantity integer not null default 0 check (available_quantity >= 0),
      allocated_quantity integer not null default 0 check (allocated_quantity >= 0),
      sold_quantity integer not null default 0 check (sold_quantity >= 0),
      min_stock_level integer not null default 0 check (min_stock_level >= 0),
      location text null,
      notes text null,
      last_restocked timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- Set when inventory.stock.low.v1 was recorded; cleared once available is above the minimum again.
      low_stock_alerted boolean not null default false,
      constraint merch_inventory_quantities_add_up
        check (total_quantity = available_quantity + allocated_quantity + sold_quantity)
    )`);
    this.addSql(
      `create unique index merch_inventory_line_key on merch_inventory (merch_item_id, size, coalesce(color, ''))`,
    );
    // The Low Stock Items card counts this partial index only.
    this.addSql(
      'create index merch_inventory_low_idx on merch_inventory (id) where available_quantity <= min_stock_level',
    );

    this.addSql(`create table partner_allocations (
      id uuid primary key,
      partner_id uuid not null,
      merch_inventory_id uuid not null references merch_inventory (id) on delete restrict,
      merch_item_id uuid not null references merch_items (id) on delete restrict,
      quantity integer not null check (quantity > 0),
      used_quantity integer not null default 0,
      price integer null check (price >= 0),
      notes text null,
      allocated_at timestamptz not null default now(),
      allocated_by text null,
      updated_at timestamptz not null default now(),
      is_active boolean not null default true,
      constraint partner_allocations_used_within check (used_quantity >= 0 and used_quantity <= quantity)
    )`);
    this.addSql(
      'create index partner_allocations_active_idx on partner_allocations (allocated_at desc, id desc) where is_active',
    );
    this.addSql(
      `create index partner_allocations_partner_idx on partner_allocations (partner_id, allocated_at desc, id desc)
        where is_active`,
    );
    this.addSql('create index partner_allocations_line_idx on partner_allocations (merch_inventory_id)');

    this.addSql(`create table inventory_transactions (
      id uuid primary key,
      merch_inventory_id uuid not null references merch_inventory (id) on delete restrict,
      merch_item_id uuid not null references merch_items (id) on delete restrict,
      partner_id uuid null,
      transaction_type text not null
        check (transaction_type in ('restock', 'sale', 'return', 'allocation', 'adjustment')),
      quantity integer not null,
      previous_quantity integer not null,
      new_quantity integer not null,
      reference text null,
      notes text null,
      created_at timestamptz not null default now(),
      created_by text null,
      created_by_role text null
    )`);
    this.addSql(
      'create index inventory_transactions_created_idx on inventory_transactions (created_at desc, id desc)',
    );
    this.addSql(
      `create index inventory_transactions_line_idx
        on inventory_transactions (merch_inventory_id, created_at desc, id desc)`,
    );
    this.addSql(
      `create index inventory_transactions_partner_idx
        on inventory_transactions (partner_id, created_at desc, id desc) where partner_id is not null`,
    );
  }
}
