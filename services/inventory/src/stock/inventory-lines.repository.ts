import type { InventoryLineSort, SortOrder, StockStatusValue } from '@avpass/contracts';
import { conflictOnUniqueViolation, type Conflict } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface InventoryLineRow {
  id: string;
  merch_item_id: string;
  size: string;
  color: string | null;
  total_quantity: number;
  available_quantity: number;
  allocated_quantity: number;
  sold_quantity: number;
  min_stock_level: number;
  location: string | null;
  notes: string | null;
  last_restocked: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface NewLine {
  id: string;
  merchItemId: string;
  size: string;
  color: string | null;
  quantity: number;
  minStockLevel: number;
  location: string | null;
  notes: string | null;
}

/** What a line that just fell to or below its minimum says in inventory.stock.low.v1. */
export interface FallenLine {
  id: string;
  merch_item_id: string;
  sku: string;
  name: string;
  size: string;
  color: string | null;
  available_quantity: number;
  min_stock_level: number;
}

const COLUMNS = `id, merch_item_id, size, color, total_quantity, available_quantity, allocated_quantity,
  sold_quantity, min_stock_level, location, notes, last_restocked, created_at, updated_at`;

/** The Inventory tab's quantity sorts: the column each reads. */
const LINE_SORT_COLUMNS: Readonly<Record<Exclude<InventoryLineSort, 'size'>, string>> = {
  available: 'available_quantity',
  total: 'total_quantity',
  allocated: 'allocated_quantity',
  sold: 'sold_quantity',
};

/** The Status chip's rule (libs/domain stockStatus) as SQL. */
const STOCK_STATUS_SQL: Readonly<Record<StockStatusValue, string>> = {
  out_of_stock: 'available_quantity <= 0',
  low_stock: 'available_quantity > 0 and available_quantity <= min_stock_level',
  in_stock: 'available_quantity > min_stock_level and available_quantity > 0',
};

/**
 * Clears the low-stock mark once a line is above its minimum again (so the next fall alerts again);
 * `newAvailable` is the SET's expression for the new available quantity.
 */
const clearAlert = (newAvailable: string) =>
  `low_stock_alerted = low_stock_alerted and ${newAvailable} <= min_stock_level`;

/**
 * merch_inventory. Every quantity change is one conditional UPDATE that keeps
 * total = available + allocated + sold (the table's CHECK constraints refuse anything else).
 * Writes run in the caller's transaction (`tx`).
 */
@Injectable()
export class InventoryLinesRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(id: string, em: EntityManager = this.em): Promise<InventoryLineRow | null> {
    const [row] = (await em.execute(`select ${COLUMNS} from merch_inventory where id = ?`, [
      id,
    ])) as InventoryLineRow[];
    return row ?? null;
  }

  /**
   * Every line of an item: at most sizes x (colours + none), read through merch_inventory_line_key, so
   * no paging; by size (XS..XXXL, then colour) or a quantity column, and the Status filter (the chip's
   * rule, libs/domain stockStatus).
   */
  listForItem(
    merchItemId: string,
    view: { sort?: InventoryLineSort; order?: SortOrder; status?: StockStatusValue | undefined } = {},
  ): Promise<InventoryLineRow[]> {
    const dir = view.order === 'desc' ? 'desc' : 'asc';
    const bySize = `array_position(array['XS','S','M','L','XL','XXL','XXXL'], size) ${dir}, color ${dir} nulls first`;
    const orderBy =
      !view.sort || view.sort === 'size'
        ? `${bySize}, id ${dir}`
        : `${LINE_SORT_COLUMNS[view.sort]} ${dir}, ${bySize}, id ${dir}`;
    const status = view.status ? STOCK_STATUS_SQL[view.status] : 'true';
    return this.em.execute(
      `select ${COLUMNS} from merch_inventory where merch_item_id = ? and (${status}) order by ${orderBy}`,
      [merchItemId],
    );
  }

  /** The new line; 'conflict' when the item already has a line of that size and colour. */
  async insert(tx: EntityManager, line: NewLine): Promise<InventoryLineRow | Conflict> {
    const rows = await conflictOnUniqueViolation(
      () =>
        tx.execute(
          `insert into merch_inventory (id, merch_item_id, size, color, total_quantity, available_quantity,
         min_stock_level, location, notes, last_restocked)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, case when ? > 0 then now() end) returning ${COLUMNS}`,
          [
            line.id,
            line.merchItemId,
            line.size,
            line.color,
            line.quantity,
            line.quantity,
            line.minStockLevel,
            line.location,
            line.notes,
            line.quantity,
          ],
        ) as Promise<InventoryLineRow[]>,
    );
    return rows === 'conflict' ? rows : rows[0]!;
  }

  /** Restock: total and available grow by `quantity`; lastRestocked is now. */
  async restock(tx: EntityManager, id: string, quantity: number): Promise<InventoryLineRow | null> {
    const [row] = (await tx.execute(
      `update merch_inventory set total_quantity = total_quantity + ?, available_quantity = available_quantity + ?,
         last_restocked = now(), updated_at = now(), ${clearAlert('available_quantity + ?')}
       where id = ? returning ${COLUMNS}`,
      [quantity, quantity, quantity, id],
    )) as InventoryLineRow[];
    return row ?? null;
  }

  /**
   * Reserves `quantity` for a partner in one conditional statement: available -= q, allocated += q,
   * only while enough is available. Null when the line is missing or short (the caller tells which).
   */
  async reserve(tx: EntityManager, id: string, quantity: number): Promise<InventoryLineRow | null> {
    const [row] = (await tx.execute(
      `update merch_inventory set available_quantity = available_quantity - ?,
         allocated_quantity = allocated_quantity + ?, updated_at = now()
       where id = ? and available_quantity >= ? returning ${COLUMNS}`,
      [quantity, quantity, id, quantity],
    )) as InventoryLineRow[];
    return row ?? null;
  }

  /** An allocation's unused part comes back: allocated -= q, available += q. */
  async release(tx: EntityManager, id: string, quantity: number): Promise<InventoryLineRow> {
    const [row] = (await tx.execute(
      `update merch_inventory set available_quantity = available_quantity + ?,
         allocated_quantity = allocated_quantity - ?, updated_at = now(),
         ${clearAlert('available_quantity + ?')}
       where id = ? returning ${COLUMNS}`,
      [quantity, quantity, quantity, id],
    )) as InventoryLineRow[];
    return row!;
  }

  /** A partner's usage moves `delta` from allocated to sold (negative delta: a correction back). */
  async recordUsage(tx: EntityManager, id: string, delta: number): Promise<InventoryLineRow> {
    const [row] = (await tx.execute(
      `update merch_inventory set allocated_quantity = allocated_quantity - ?, sold_quantity = sold_quantity + ?,
         updated_at = now()
       where id = ? returning ${COLUMNS}`,
      [delta, delta, id],
    )) as InventoryLineRow[];
    return row!;
  }

  /**
   * Marks a line that is at or below its minimum and not yet marked; returns it when this call marked
   * it (the caller records inventory.stock.low.v1 once). The line is locked by the caller's change.
   */
  async markIfFallen(tx: EntityManager, id: string): Promise<FallenLine | null> {
    const [row] = (await tx.execute(
      `update merch_inventory l set low_stock_alerted = true from merch_items i
        where l.id = ? and i.id = l.merch_item_id and not l.low_stock_alerted
          and l.available_quantity <= l.min_stock_level
        returning l.id, l.merch_item_id, i.sku, i.name, l.size, l.color, l.available_quantity, l.min_stock_level`,
      [id],
    )) as FallenLine[];
    return row ?? null;
  }

  /** The admin cards: item count, sum of totals, active allocations, low lines (a partial index). */
  async stockSummary(): Promise<{
    totalItems: number;
    totalInventory: number;
    activeAllocations: number;
    lowStockItems: number;
  }> {
    const [row] = (await this.em.execute(
      `select (select count(*) from merch_items)::int as "totalItems",
              (select coalesce(sum(total_quantity), 0) from merch_inventory)::int as "totalInventory",
              (select count(*) from partner_allocations where is_active)::int as "activeAllocations",
              (select count(*) from merch_inventory where available_quantity <= min_stock_level)::int as "lowStockItems"`,
    )) as { totalItems: number; totalInventory: number; activeAllocations: number; lowStockItems: number }[];
    return row!;
  }
}
