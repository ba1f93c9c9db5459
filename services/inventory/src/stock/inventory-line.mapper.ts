import type { InventoryLine } from '@avpass/contracts';
import { stockStatus } from '@avpass/domain';
import type { InventoryLineRow } from './inventory-lines.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toInventoryLine(row: InventoryLineRow): InventoryLine {
  return {
    id: row.id,
    merchItemId: row.merch_item_id,
    size: row.size,
    color: row.color,
    totalQuantity: row.total_quantity,
    availableQuantity: row.available_quantity,
    allocatedQuantity: row.allocated_quantity,
    soldQuantity: row.sold_quantity,
    minStockLevel: row.min_stock_level,
    location: row.location,
    notes: row.notes,
    lastRestocked: iso(row.last_restocked),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    status: stockStatus(row.available_quantity, row.min_stock_level),
  };
}
