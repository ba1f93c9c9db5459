import {
  INVENTORY_LINE_SORT_DEFAULT_ORDER,
  RPC,
  type Actor,
  type InventoryLine,
  type InventorySummary,
  type InventoryTransaction,
  type Page,
  type RpcMeta,
  type RpcRequestPayload,
  INVENTORY_REFUSALS,
} from '@avpass/contracts';
import { AuditTrail, diffChanges, DomainError, Idempotency, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { MerchItemsRepository, type MerchItemRow } from '../items';
import { COUNT_CAP, InventoryTransactionsRepository, type LedgerRow } from '../ledger';
import { toInventoryLine } from './inventory-line.mapper';
import { InventoryLinesRepository, type InventoryLineRow } from './inventory-lines.repository';
import { LowStockAlerts } from './low-stock-alerts';

const LINE_EXISTS = INVENTORY_REFUSALS.lineExists;

interface LineInput {
  size: string;
  color: string | null;
  totalQuantity: number;
  minStockLevel?: number | undefined;
  location?: string | null | undefined;
  notes?: string | null | undefined;
}

/**
 * Stock lines: creation (singly or per size), restock, an item's lines (its Inventory tab), the admin
 * summary and the ledger's lists.
 */
@Injectable()
export class StockService {
  constructor(
    private readonly items: MerchItemsRepository,
    private readonly lines: InventoryLinesRepository,
    private readonly ledger: InventoryTransactionsRepository,
    private readonly alerts: LowStockAlerts,
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
  ) {}

  async create(
    input: RpcRequestPayload<'inventory.lines.create.v1'>,
    actor: Actor,
    meta: RpcMeta,
  ): Promise<InventoryLine> {
    const item = await this.requireItem(input.merchItemId);
    checkLineFits(item, input);
    const call = { actor, operation: RPC.inventory.createLine, request: input };
    return this.idempotency.once(call, async (tx) =>
      toInventoryLine(await this.addLine(tx, item, input, actor, meta)),
    );
  }

  /** The initial stock of a new item, one line per size, all or nothing. */
  async bulkCreate(
    input: RpcRequestPayload<'inventory.lines.bulk-create.v1'>,
    actor: Actor,
    meta: RpcMeta,
  ): Promise<{ success: boolean; created: number }> {
    const item = await this.requireItem(input.merchItemId);
    const seen = new Set<string>();
    for (const entry of input.entries) {
      if (seen.has(entry.size)) {
        throw DomainError.validation(INVENTORY_REFUSALS.sizeOnce, { entries: [INVENTORY_REFUSALS.sizeOnce] });
      }
      seen.add(entry.size);
      checkLineFits(item, { ...entry, color: null });
    }
    const call = { actor, operation: RPC.inventory.bulkCreateLines, request: input };
    return this.idempotency.once(call, async (tx) => {
      for (const entry of input.entries) await this.addLine(tx, item, { ...entry, color: null }, actor, meta);
      return { success: true, created: input.entries.length };
    });
  }

  /** Restock: adds to total and available, sets lastRestocked, and writes a restock transaction. */
  async restock(
    input: RpcRequestPayload<'inventory.lines.restock.v1'>,
    actor: Actor,
    meta: RpcMeta,
  ): Promise<InventoryLine> {
    const call = { actor, operation: RPC.inventory.restock, request: input };
    return this.idempotency.once(call, async (tx) => {
      const line = await this.lines.restock(tx, input.id, input.quantity);
      if (!line) throw DomainError.notFound('Inventory');
      await this.ledger.recordStockMovement(tx, {
        merchInventoryId: line.id,
        merchItemId: line.merch_item_id,
        partnerId: null,
        type: 'restock',
        quantity: input.quantity,
        previousQuantity: line.available_quantity - input.quantity,
        newQuantity: line.available_quantity,
        reference: 'Restock',
        notes: input.notes ?? null,
        actor,
      });
      this.audit.appendEntry(tx, meta, {
        action: 'inventory.stock-line.restocked',
        targetType: 'stock-line',
        targetId: line.id,
        companyId: null,
        changes: {
          totalQuantity: { before: line.total_quantity - input.quantity, after: line.total_quantity },
          availableQuantity: {
            before: line.available_quantity - input.quantity,
            after: line.available_quantity,
          },
          ...(input.notes ? { notes: { before: null, after: input.notes } } : {}),
        },
      });
      return toInventoryLine(line);
    });
  }

  summary(): Promise<InventorySummary> {
    return this.lines.stockSummary();
  }

  /**
   * The administrator sees any line's or item's history (or all); a partner only its own rows. Newest
   * first or oldest first, by type; the total counts at most COUNT_CAP rows (then `totalIsLowerBound`).
   */
  async transactions(
    query: RpcRequestPayload<'inventory.transactions.list.v1'>,
    actor: Actor,
  ): Promise<Page<InventoryTransaction>> {
    const empty = { items: [], total: 0, limit: query.limit, offset: 0, nextCursor: null };
    let partnerId: string | undefined;
    if (actor.role !== 'super_admin') {
      if (!actor.companyId) return empty;
      partnerId = actor.companyId;
    }
    const filter = {
      inventoryId: query.inventoryId || undefined,
      itemId: query.itemId || undefined,
      partnerId,
      type: query.type,
    };
    const [page, counted] = await Promise.all([
      this.ledger.page({
        ...filter,
        limit: query.limit,
        offset: query.offset,
        cursor: query.cursor,
        order: query.order,
      }),
      this.ledger.countUpTo(filter, COUNT_CAP),
    ]);
    return {
      items: page.rows.map(toInventoryTransaction),
      total: Math.min(counted, COUNT_CAP),
      limit: query.limit,
      offset: query.cursor ? 0 : query.offset,
      nextCursor: page.nextCursor,
      ...(counted > COUNT_CAP ? { totalIsLowerBound: true } : {}),
    };
  }

  private async addLine(tx: Tx, item: MerchItemRow, input: LineInput, actor: Actor, meta: RpcMeta) {
    const line = await this.lines.insert(tx, {
      id: randomUUID(),
      merchItemId: item.id,
      size: input.size,
      color: input.color,
      quantity: input.totalQuantity,
      minStockLevel: input.minStockLevel ?? 0,
      location: input.location ?? null,
      notes: input.notes ?? null,
    });
    if (line === 'conflict') throw DomainError.conflict(LINE_EXISTS, { size: [LINE_EXISTS] });
    if (input.totalQuantity > 0) {
      await this.ledger.recordStockMovement(tx, {
        merchInventoryId: line.id,
        merchItemId: item.id,
        partnerId: null,
        type: 'restock',
        quantity: input.totalQuantity,
        previousQuantity: 0,
        newQuantity: input.totalQuantity,
        reference: 'Initial stock',
        notes: input.notes ?? null,
        actor,
      });
    }
    this.audit.appendEntry(tx, meta, {
      action: 'inventory.stock-line.created',
      targetType: 'stock-line',
      targetId: line.id,
      companyId: null,
      changes: diffChanges(null, {
        merchItemId: line.merch_item_id,
        size: line.size,
        color: line.color,
        totalQuantity: line.total_quantity,
        availableQuantity: line.available_quantity,
        minStockLevel: line.min_stock_level,
        location: line.location,
        notes: line.notes,
      }),
    });
    await this.alerts.checkLine(tx, line.id);
    return line;
  }

  /** Every line of an item (at most 77), in the Inventory tab's sort and status filter. */
  async linesOf(query: RpcRequestPayload<'inventory.items.lines.v1'>): Promise<InventoryLine[]> {
    await this.requireItem(query.id);
    const sort = query.sort ?? 'size';
    const order = query.order ?? INVENTORY_LINE_SORT_DEFAULT_ORDER[sort];
    const rows = await this.lines.listForItem(query.id, { sort, order, status: query.status });
    return rows.map(toInventoryLine);
  }

  private async requireItem(id: string): Promise<MerchItemRow> {
    const item = await this.items.findById(id);
    if (!item) throw DomainError.notFound('Item');
    return item;
  }
}

/** A line's size must be one of the item's sizes, and its colour (if any) one of its colours. */
function checkLineFits(item: MerchItemRow, input: { size: string; color: string | null }): void {
  if (!item.sizes.includes(input.size)) {
    const message = INVENTORY_REFUSALS.sizeNotOfItem(item.sizes.join(', '));
    throw DomainError.validation(message, { size: [message] });
  }
  if (input.color && item.colors.length > 0 && !item.colors.includes(input.color)) {
    const message = INVENTORY_REFUSALS.colorNotOfItem(item.colors.join(', '));
    throw DomainError.validation(message, { color: [message] });
  }
}

export function toInventoryTransaction(row: LedgerRow): InventoryTransaction {
  return {
    id: row.id,
    merchInventoryId: row.merch_inventory_id,
    merchItemId: row.merch_item_id,
    partnerId: row.partner_id,
    transactionType: row.transaction_type,
    quantity: row.quantity,
    previousQuantity: row.previous_quantity,
    newQuantity: row.new_quantity,
    reference: row.reference,
    notes: row.notes,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    createdByRole: row.created_by_role,
    merchItem: { name: row.item_name, sku: row.item_sku },
    size: row.size,
    color: row.color,
  };
}

export type { InventoryLineRow };
