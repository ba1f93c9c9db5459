import { Migration } from '@mikro-orm/migrations';

/**
 * The inventory tables sort and filter on the server (issue 27), each sort along an index, the id
 * breaking ties, so a keyset page seeks instead of sorting the table:
 * - merch items by name (case-insensitive) and by price; the few inactive items newest first;
 * - the ledger by type (the Type filter over every line, and over a company's own rows, where a type
 *   it never had would otherwise walk all of them) and by item (an item's history, all its lines),
 *   newest or oldest first;
 * - allocations by quantity, and the removed (deactivated) allocations newest first, each for every
 *   partner and for one partner.
 * None of these columns changes on a usage report or a restock (those update quantities of lines and
 * the used quantity of an allocation, which stay unindexed).
 */
export class Migration0006TableSorts extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index if not exists merch_items_name_order_idx on merch_items (lower(name), id)');
    this.addSql('create index if not exists merch_items_price_order_idx on merch_items (price, id)');
    this.addSql(
      'create index if not exists merch_items_inactive_created_idx on merch_items (created_at desc, id desc) where not is_active',
    );
    this.addSql(
      `create index if not exists inventory_transactions_type_idx
        on inventory_transactions (transaction_type, created_at desc, id desc)`,
    );
    this.addSql(
      `create index if not exists inventory_transactions_partner_type_idx
        on inventory_transactions (partner_id, transaction_type, created_at desc, id desc) where partner_id is not null`,
    );
    this.addSql(
      `create index if not exists inventory_transactions_item_idx
        on inventory_transactions (merch_item_id, created_at desc, id desc)`,
    );
    this.addSql(
      'create index if not exists partner_allocations_quantity_idx on partner_allocations (quantity, id) where is_active',
    );
    this.addSql(
      `create index if not exists partner_allocations_partner_quantity_idx
        on partner_allocations (partner_id, quantity, id) where is_active`,
    );
    this.addSql(
      `create index if not exists partner_allocations_removed_idx
        on partner_allocations (allocated_at desc, id desc) where not is_active`,
    );
    this.addSql(
      `create index if not exists partner_allocations_partner_removed_idx
        on partner_allocations (partner_id, allocated_at desc, id desc) where not is_active`,
    );
    this.addSql(
      'create index if not exists partner_allocations_removed_quantity_idx on partner_allocations (quantity, id) where not is_active',
    );
    this.addSql(
      `create index if not exists partner_allocations_partner_removed_quantity_idx
        on partner_allocations (partner_id, quantity, id) where not is_active`,
    );
  }
}
