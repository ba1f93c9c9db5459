import {
  MERCH_ITEM_SORT_DEFAULT_ORDER,
  type Actor,
  type AuditAction,
  type MerchItem,
  type MerchItemFields,
  type MessageResponse,
  type Page,
  type RpcMeta,
  type RpcRequestPayload,
  INVENTORY_REFUSALS,
} from '@avpass/contracts';
import { AuditTrail, diffChanges, DomainError, Transactions, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { toMerchItem } from './merch-item.mapper';
import { MerchItemsRepository, type MerchItemRow, type MerchItemValues } from './merch-items.repository';

/** The Merch Items total counts at most this many items, then says "more than" (issue 27). */
export const ITEM_COUNT_BOUND = 10_000;

const SKU_TAKEN = INVENTORY_REFUSALS.skuTaken;
/** The lower(sku) index is the real guard: two creations at once get one 409, not a 500. */
const skuTaken = () => DomainError.conflict(SKU_TAKEN, { sku: [SKU_TAKEN] });
export const ITEM_HAS_STOCK = INVENTORY_REFUSALS.itemHasStock;

@Injectable()
export class MerchItemsService {
  constructor(
    private readonly items: MerchItemsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
  ) {}

  /**
   * The Merch Items table: newest first, or the query's sort (its first direction unless `order` says),
   * searched and filtered by category and status; the total counts at most ITEM_COUNT_BOUND items, then
   * says `totalIsLowerBound`.
   */
  async list(query: RpcRequestPayload<'inventory.items.list.v1'>): Promise<Page<MerchItem>> {
    const sort = query.sort ?? 'createdAt';
    const order = query.order ?? MERCH_ITEM_SORT_DEFAULT_ORDER[sort];
    const filter = { search: query.search, category: query.category, status: query.status };
    const [page, counted] = await Promise.all([
      this.items.page({
        ...filter,
        sort,
        order,
        limit: query.limit,
        offset: query.offset,
        cursor: query.cursor,
      }),
      this.items.countUpTo(filter, ITEM_COUNT_BOUND),
    ]);
    return {
      items: page.rows.map(toMerchItem),
      total: Math.min(counted, ITEM_COUNT_BOUND),
      limit: query.limit,
      offset: query.cursor ? 0 : query.offset,
      nextCursor: page.nextCursor,
      ...(counted > ITEM_COUNT_BOUND ? { totalIsLowerBound: true } : {}),
    };
  }

  async create(fields: MerchItemFields, actor: Actor, meta: RpcMeta): Promise<MerchItem> {
    const values: MerchItemValues = {
      ...fields,
      isActive: fields.isActive ?? true,
      imageUrl: fields.imageUrl || null,
    };
    const row = await this.transactions.run(async (tx) => {
      const inserted = await this.items.insert(randomUUID(), values, actor.userId, tx);
      if (inserted === 'conflict') throw skuTaken();
      this.recordAudit(tx, meta, 'inventory.item.created', inserted.id, null, inserted);
      return inserted;
    });
    return toMerchItem(row);
  }

  /** A PUT sends every field; without a new image the current one stays ('' removes it). */
  async update(id: string, fields: MerchItemFields, meta: RpcMeta): Promise<MerchItem> {
    const row = await this.transactions.run(async (tx) => {
      const current = await this.requireItem(id, tx);
      const values: MerchItemValues = {
        ...fields,
        isActive: fields.isActive ?? current.is_active,
        imageUrl: fields.imageUrl === undefined ? current.image_url : fields.imageUrl || null,
      };
      const updated = await this.items.update(id, values, tx);
      if (updated === 'conflict') throw skuTaken();
      if (!updated) throw DomainError.notFound('Item');
      this.recordAudit(tx, meta, 'inventory.item.updated', id, current, updated);
      return updated;
    });
    return toMerchItem(row);
  }

  /**
   * An item is deleted only while it has no inventory line; once it has stock, allocations or history
   * it is refused with the reason, and the screen offers Inactive instead
   * (docs/decisions/0062-merch-items-with-inventory-are-never-deleted-inactive.md).
   */
  async remove(id: string, meta: RpcMeta): Promise<MessageResponse> {
    await this.transactions.run(async (tx) => {
      const current = await this.requireItem(id, tx);
      if (!(await this.items.deleteIfUnstocked(id, tx))) throw DomainError.conflict(ITEM_HAS_STOCK);
      this.recordAudit(tx, meta, 'inventory.item.deleted', id, current, null);
    });
    return { message: 'Item deleted successfully' };
  }

  /** Items are the club's catalogue: their entries concern no partner. */
  private recordAudit(
    tx: Tx,
    meta: RpcMeta,
    action: Extract<AuditAction, `inventory.item.${string}`>,
    id: string,
    before: MerchItemRow | null,
    after: MerchItemRow | null,
  ) {
    return this.audit.appendEntry(tx, meta, {
      action,
      targetType: 'merch-item',
      targetId: id,
      companyId: null,
      changes: diffChanges(before && auditedItem(before), after && auditedItem(after)),
    });
  }

  private async requireItem(id: string, tx?: Tx) {
    const item = await this.items.findById(id, tx);
    if (!item) throw DomainError.notFound('Item');
    return item;
  }
}

/** An item's fields as its audit entries show them (the contract's names; no timestamps). */
function auditedItem(row: MerchItemRow): Record<string, unknown> {
  return {
    name: row.name,
    sku: row.sku,
    description: row.description,
    category: row.category,
    brand: row.brand,
    price: row.price,
    imageUrl: row.image_url,
    additionalImages: row.additional_images,
    sizes: row.sizes,
    colors: row.colors,
    tags: row.tags,
    isActive: row.is_active,
  };
}
