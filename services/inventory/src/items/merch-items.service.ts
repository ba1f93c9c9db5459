import type {
  Actor,
  InventoryLine,
  MerchItem,
  MerchItemFields,
  MessageResponse,
  Page,
  RpcRequestPayload,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { toInventoryLine } from '../stock/inventory-line.mapper';
import { InventoryLinesRepository } from '../stock/inventory-lines.repository';
import { toMerchItem } from './merch-item.mapper';
import { MerchItemsRepository, type MerchItemValues } from './merch-items.repository';

const SKU_TAKEN = 'An item with this SKU already exists';
export const ITEM_HAS_STOCK =
  'This item has inventory or allocations and cannot be deleted; mark it Inactive instead';

@Injectable()
export class MerchItemsService {
  constructor(
    private readonly items: MerchItemsRepository,
    private readonly lines: InventoryLinesRepository,
  ) {}

  async list(query: RpcRequestPayload<'inventory.items.list.v1'>): Promise<Page<MerchItem>> {
    const [page, total] = await Promise.all([this.items.page(query), this.items.count(query)]);
    return {
      items: page.rows.map(toMerchItem),
      total,
      limit: query.limit,
      offset: 0,
      nextCursor: page.nextCursor,
    };
  }

  async create(fields: MerchItemFields, actor: Actor): Promise<MerchItem> {
    const values: MerchItemValues = {
      ...fields,
      isActive: fields.isActive ?? true,
      imageUrl: fields.imageUrl || null,
    };
    const row = await this.uniqueSku(() => this.items.insert(randomUUID(), values, actor.userId));
    return toMerchItem(row);
  }

  /** A PUT sends every field; without a new image the current one stays ('' removes it). */
  async update(id: string, fields: MerchItemFields): Promise<MerchItem> {
    const current = await this.requireItem(id);
    const values: MerchItemValues = {
      ...fields,
      isActive: fields.isActive ?? current.is_active,
      imageUrl: fields.imageUrl === undefined ? current.image_url : fields.imageUrl || null,
    };
    const row = await this.uniqueSku(() => this.items.update(id, values));
    if (!row) throw DomainError.notFound('Item');
    return toMerchItem(row);
  }

  /**
   * An item is deleted only while it has no inventory line; once it has stock, allocations or history
   * it is refused with the reason, and the screen offers Inactive instead (docs/decisions.md).
   */
  async remove(id: string): Promise<MessageResponse> {
    await this.requireItem(id);
    if (!(await this.items.deleteIfUnstocked(id))) throw DomainError.conflict(ITEM_HAS_STOCK);
    return { message: 'Item deleted successfully' };
  }

  async linesOf(id: string): Promise<InventoryLine[]> {
    await this.requireItem(id);
    return (await this.lines.listForItem(id)).map(toInventoryLine);
  }

  private async requireItem(id: string) {
    const item = await this.items.findById(id);
    if (!item) throw DomainError.notFound('Item');
    return item;
  }

  /** The lower(sku) index is the real guard: two creations at once get one 409, not a 500. */
  private async uniqueSku<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (
        error instanceof UniqueConstraintViolationException ||
        (error as { code?: string }).code === '23505'
      ) {
        throw DomainError.conflict(SKU_TAKEN, { sku: [SKU_TAKEN] });
      }
      throw error;
    }
  }
}
