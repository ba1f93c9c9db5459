import {
  ALLOCATION_SORT_DEFAULT_ORDER,
  RPC,
  USED_OVER_ALLOCATED,
  type Actor,
  type Allocation,
  type AllocationPage,
  type MessageResponse,
  type RpcMeta,
  type RpcRequestPayload,
  INVENTORY_REFUSALS,
} from '@avpass/contracts';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  EventOutbox,
  Idempotency,
  PartnerDirectory,
  type Tx,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { InventoryTransactionsRepository } from '../ledger';
import { InventoryLinesRepository, LowStockAlerts } from '../stock';
import { AllocationsRepository, type AllocationViewRow } from './allocations.repository';

/** A company's allocations list names only its own partner id (issue 27, like the credits lists). */
export const OWN_PARTNER_ONLY = INVENTORY_REFUSALS.ownAllocationsOnly;

const reference = (allocationId: string) => `Allocation ${allocationId.slice(0, 8)}`;

/**
 * Allocations to partners. Quantities move on the line by the invariant
 * total = available + allocated + sold: allocating moves available -> allocated (one conditional
 * update: never more than is available, whatever the number of instances), usage moves
 * allocated -> sold, removal returns the unused part allocated -> available.
 */
@Injectable()
export class AllocationsService {
  constructor(
    private readonly allocations: AllocationsRepository,
    private readonly lines: InventoryLinesRepository,
    private readonly ledger: InventoryTransactionsRepository,
    private readonly alerts: LowStockAlerts,
    private readonly partners: PartnerDirectory,
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * Allocations: every one (the administrator, or one partner's with `partnerId`) or the company's own
   * (a company naming another partner is a 403); active unless `status` is `removed`; newest first or
   * the query's sort.
   */
  async list(
    query: RpcRequestPayload<'inventory.allocations.list.v1'>,
    actor: Actor,
  ): Promise<AllocationPage> {
    let partnerId = query.partnerId;
    if (actor.role !== 'super_admin') {
      if (partnerId && partnerId.toLowerCase() !== actor.companyId?.toLowerCase()) {
        throw DomainError.forbidden(OWN_PARTNER_ONLY);
      }
      if (!actor.companyId) {
        const summary = { activeAllocations: 0, totalAllocated: 0, totalUsed: 0, totalValue: 0 };
        return { items: [], total: 0, limit: query.limit, offset: 0, nextCursor: null, summary };
      }
      partnerId = actor.companyId;
    }
    const filter = { partnerId, search: query.search, status: query.status };
    const sort = query.sort ?? 'allocatedAt';
    const order = query.order ?? ALLOCATION_SORT_DEFAULT_ORDER[sort];
    const [page, summary] = await Promise.all([
      this.allocations.page({
        ...filter,
        sort,
        order,
        limit: query.limit,
        offset: query.offset,
        cursor: query.cursor,
      }),
      this.allocations.allocationSummary(filter),
    ]);
    return {
      items: page.rows.map(toAllocation),
      total: summary.activeAllocations,
      limit: query.limit,
      offset: query.cursor ? 0 : query.offset,
      nextCursor: page.nextCursor,
      summary,
    };
  }

  /** Once per Idempotency-Key: a retry of a lost answer gets the first allocation, not a second one. */
  async create(
    input: RpcRequestPayload<'inventory.allocations.create.v1'>,
    actor: Actor,
    meta: RpcMeta,
  ): Promise<Allocation> {
    const call = { actor, operation: RPC.inventory.createAllocation, request: input };
    return this.idempotency.once(call, async (tx) => {
      // Stock goes only to a partner the partners service knows (404 'Partner not found' otherwise).
      await this.partners.nameOf(input.partnerId, meta);
      const id = randomUUID();
      const line = await this.lines.reserve(tx, input.merchInventoryId, input.quantity);
      if (!line) {
        const existing = await this.lines.findById(input.merchInventoryId, tx);
        if (!existing) throw DomainError.notFound('Inventory');
        const message = INVENTORY_REFUSALS.notEnoughStock(existing.available_quantity, input.quantity);
        throw DomainError.conflict(message, { quantity: [message] });
      }
      if (input.merchItemId && input.merchItemId !== line.merch_item_id) {
        const message = INVENTORY_REFUSALS.lineOfAnotherItem;
        throw DomainError.validation(message, { merchItemId: [message] });
      }
      await this.allocations.insert(tx, {
        id,
        partnerId: input.partnerId,
        lineId: line.id,
        itemId: line.merch_item_id,
        quantity: input.quantity,
        price: input.price,
        notes: input.notes ?? null,
        allocatedBy: actor.userId,
      });
      await this.ledger.recordStockMovement(tx, {
        merchInventoryId: line.id,
        merchItemId: line.merch_item_id,
        partnerId: input.partnerId,
        type: 'allocation',
        quantity: -input.quantity,
        previousQuantity: line.available_quantity + input.quantity,
        newQuantity: line.available_quantity,
        reference: reference(id),
        notes: input.notes ?? null,
        actor,
      });
      await this.alerts.checkLine(tx, line.id);
      this.audit.appendEntry(tx, meta, {
        action: 'inventory.allocation.created',
        targetType: 'allocation',
        targetId: id,
        companyId: input.partnerId,
        changes: diffChanges(null, {
          partnerId: input.partnerId,
          merchInventoryId: line.id,
          merchItemId: line.merch_item_id,
          quantity: input.quantity,
          price: input.price,
          notes: input.notes ?? null,
        }),
      });
      return this.view(id, tx);
    });
  }

  /** The unused part (quantity - used) goes back to available; the used part stays sold. */
  async remove(
    input: RpcRequestPayload<'inventory.allocations.remove.v1'>,
    actor: Actor,
    meta: RpcMeta,
  ): Promise<MessageResponse> {
    const { id } = input;
    const call = { actor, operation: RPC.inventory.removeAllocation, request: input };
    return this.idempotency.once(call, async (tx) => {
      const allocation = await this.allocations.deactivate(tx, id);
      if (!allocation) throw DomainError.notFound('Allocation');
      const unused = allocation.quantity - allocation.used_quantity;
      const line = await this.lines.release(tx, allocation.merch_inventory_id, unused);
      await this.ledger.recordStockMovement(tx, {
        merchInventoryId: line.id,
        merchItemId: line.merch_item_id,
        partnerId: allocation.partner_id,
        type: 'return',
        quantity: unused,
        previousQuantity: line.available_quantity - unused,
        newQuantity: line.available_quantity,
        reference: reference(id),
        notes: 'Allocation removed',
        actor,
      });
      this.audit.appendEntry(tx, meta, {
        action: 'inventory.allocation.removed',
        targetType: 'allocation',
        targetId: id,
        companyId: allocation.partner_id,
        changes: {
          isActive: { before: true, after: false },
          returnedQuantity: { before: null, after: unused },
        },
      });
      return { message: 'Allocation removed successfully' };
    });
  }

  /**
   * A partner reports its usage (0 <= used <= allocated) on its own allocations only: another
   * company's is not found. The change moves between allocated and sold on the line.
   */
  async updateUsage(
    input: RpcRequestPayload<'inventory.allocations.update-usage.v1'>,
    actor: Actor,
    meta: RpcMeta,
  ): Promise<Allocation> {
    const call = { actor, operation: RPC.inventory.updateUsage, request: input };
    return this.idempotency.once(call, async (tx) => {
      const allocation = await this.allocations.lockActive(tx, input.id);
      if (!allocation || (actor.role !== 'super_admin' && allocation.partner_id !== actor.companyId)) {
        throw DomainError.notFound('Allocation');
      }
      if (input.usedQuantity > allocation.quantity) {
        throw DomainError.validation(USED_OVER_ALLOCATED, { usedQuantity: [USED_OVER_ALLOCATED] });
      }
      const delta = input.usedQuantity - allocation.used_quantity;
      await this.allocations.setUsed(tx, allocation.id, input.usedQuantity, input.notes);
      this.audit.appendEntry(tx, meta, {
        action: 'inventory.allocation.usage-updated',
        targetType: 'allocation',
        targetId: allocation.id,
        companyId: allocation.partner_id,
        changes: diffChanges(
          { usedQuantity: allocation.used_quantity, notes: allocation.notes },
          {
            usedQuantity: input.usedQuantity,
            notes: input.notes === undefined ? allocation.notes : input.notes,
          },
        ),
      });
      if (delta === 0) return this.view(input.id, tx);
      const view = await this.view(input.id, tx);
      // What the partner owes for it (issue 39): the statements service keeps it in its ledger.
      this.outbox.enqueueEvent(tx, 'inventory.allocation.usage-reported.v1', {
        reportId: randomUUID(),
        allocationId: view.id,
        partnerId: view.partnerId,
        merchInventoryId: view.merchInventoryId,
        merchItemId: view.merchItemId,
        itemName: view.item.name,
        sku: view.item.sku,
        size: view.size,
        color: view.color,
        quantityDelta: delta,
        usedQuantity: view.usedQuantity,
        unitPriceCents: view.price ?? view.item.price,
        reportedAt: view.updatedAt,
      });
      const line = await this.lines.recordUsage(tx, allocation.merch_inventory_id, delta);
      await this.ledger.recordStockMovement(tx, {
        merchInventoryId: line.id,
        merchItemId: line.merch_item_id,
        partnerId: allocation.partner_id,
        type: delta > 0 ? 'sale' : 'adjustment',
        quantity: -delta,
        previousQuantity: line.available_quantity,
        newQuantity: line.available_quantity,
        reference: reference(allocation.id),
        notes: input.notes ?? null,
        actor,
      });
      return this.view(input.id, tx);
    });
  }

  /** The allocation as answered, read in the transaction that changed it (its answer is stored with its key). */
  private async view(id: string, tx: Tx): Promise<Allocation> {
    const row = await this.allocations.findView(id, tx);
    if (!row) throw DomainError.notFound('Allocation');
    return toAllocation(row);
  }
}

export function toAllocation(row: AllocationViewRow): Allocation {
  return {
    id: row.id,
    partnerId: row.partner_id,
    merchInventoryId: row.merch_inventory_id,
    merchItemId: row.merch_item_id,
    quantity: row.quantity,
    usedQuantity: row.used_quantity,
    price: row.price,
    notes: row.notes,
    allocatedAt: new Date(row.allocated_at).toISOString(),
    allocatedBy: row.allocated_by,
    updatedAt: new Date(row.updated_at).toISOString(),
    isActive: row.is_active,
    size: row.size,
    color: row.color,
    item: {
      name: row.item_name,
      sku: row.item_sku,
      category: row.item_category,
      imageUrl: row.item_image_url,
      price: row.item_price,
    },
  };
}
