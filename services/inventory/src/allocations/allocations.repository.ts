import type { AllocationSort, AllocationStatus, SortOrder } from '@avpass/contracts';
import { allOf, type KeysetList, keysetOrder, likeEscape, type SqlClause } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface AllocationRow {
  id: string;
  partner_id: string;
  merch_inventory_id: string;
  merch_item_id: string;
  quantity: number;
  used_quantity: number;
  price: number | null;
  notes: string | null;
  allocated_at: Date;
  allocated_by: string | null;
  updated_at: Date;
  is_active: boolean;
}

/** An allocation as the screens show it: with its line's size and colour and its item. */
export interface AllocationViewRow extends AllocationRow {
  size: string;
  color: string | null;
  item_name: string;
  item_sku: string;
  item_category: string;
  item_image_url: string | null;
  item_price: number;
  cursor_at: string;
}

/** The allocation with its line and item; `keyColumns` are a page's cursor columns (KeysetOrder). */
const viewSql = (
  keyColumns = 'a.allocated_at::text as cursor_at, null as sort_value',
) => `select a.*, ${keyColumns}, l.size, l.color, i.name as item_name,
    i.sku as item_sku, i.category as item_category, i.image_url as item_image_url, i.price as item_price
  from partner_allocations a
  join merch_inventory l on l.id = a.merch_inventory_id
  join merch_items i on i.id = a.merch_item_id`;
const VIEW = viewSql();

/** partner_allocations. Removal deactivates the row, so usage history stays readable. */
@Injectable()
export class AllocationsRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(
    tx: EntityManager,
    a: {
      id: string;
      partnerId: string;
      lineId: string;
      itemId: string;
      quantity: number;
      price: number | null;
      notes: string | null;
      allocatedBy: string;
    },
  ): Promise<void> {
    await tx.execute(
      `insert into partner_allocations (id, partner_id, merch_inventory_id, merch_item_id, quantity, price, notes,
         allocated_by) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [a.id, a.partnerId, a.lineId, a.itemId, a.quantity, a.price, a.notes, a.allocatedBy],
    );
  }

  async findView(id: string, em: EntityManager = this.em): Promise<AllocationViewRow | null> {
    const [row] = (await em.execute(`${VIEW} where a.id = ?`, [id])) as AllocationViewRow[];
    return row ?? null;
  }

  /** Locks an active allocation for a usage update (the caller's transaction). */
  async lockActive(tx: EntityManager, id: string): Promise<AllocationRow | null> {
    const [row] = (await tx.execute(
      'select * from partner_allocations where id = ? and is_active for update',
      [id],
    )) as AllocationRow[];
    return row ?? null;
  }

  async setUsed(
    tx: EntityManager,
    id: string,
    used: number,
    notes: string | null | undefined,
  ): Promise<void> {
    await tx.execute(
      `update partner_allocations set used_quantity = ?, notes = case when ? then ? else notes end,
         updated_at = now() where id = ?`,
      [used, notes !== undefined, notes ?? null, id],
    );
  }

  /** Deactivates an active allocation once (a second removal finds nothing). */
  async deactivate(tx: EntityManager, id: string): Promise<AllocationRow | null> {
    const [row] = (await tx.execute(
      'update partner_allocations set is_active = false, updated_at = now() where id = ? and is_active returning *',
      [id],
    )) as AllocationRow[];
    return row ?? null;
  }

  /**
   * Active (or removed) allocations, newest first by keyset (the old cursor) or offset, or by allocation
   * time oldest first or by quantity (a cursor that says so; another sort's is a 400): every one (the
   * administrator, or one partner's by its filter) or one partner's.
   */
  async page(query: AllocationPageQuery) {
    const keyset = keysetOrder(ALLOCATION_LIST, query);
    const where = allOf(allocationFilterSql(query), keyset.after);
    const rows = (await this.em.execute(
      `${viewSql(keyset.keyColumns)}
        where ${where.sql} order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, query.limit, query.cursor ? 0 : (query.offset ?? 0)],
    )) as (AllocationViewRow & { sort_value: string | null })[];
    return { rows, nextCursor: keyset.next(rows, query.limit) };
  }

  /** The partner cards (or the administrator's count), over the same selection as the list. */
  async allocationSummary(filter: AllocationFilter) {
    const where = allocationFilterSql(filter);
    const [row] = (await this.em.execute(
      `select count(*)::int as "activeAllocations", coalesce(sum(a.quantity), 0)::int as "totalAllocated",
              coalesce(sum(a.used_quantity), 0)::int as "totalUsed",
              coalesce(sum(coalesce(a.price, i.price)::bigint * a.quantity), 0)::bigint as "totalValue"
         from partner_allocations a join merch_items i on i.id = a.merch_item_id where ${where.sql}`,
      where.params,
    )) as { activeAllocations: number; totalAllocated: number; totalUsed: number; totalValue: string }[];
    return { ...row!, totalValue: Number(row!.totalValue) };
  }
}

/** What narrows an allocations list: the partner (the company's own, or the filter), search, status. */
export interface AllocationFilter {
  partnerId?: string | undefined;
  search?: string | undefined;
  status?: AllocationStatus | undefined;
}

export interface AllocationPageQuery extends AllocationFilter {
  limit: number;
  offset?: number | undefined;
  cursor?: string | undefined;
  sort?: AllocationSort | undefined;
  order?: SortOrder | undefined;
}

/**
 * The expression each sort reads along (inventory migrations 20261124, 20261211 table sorts); newest
 * first keeps the old cursor, every other order's cursor says which it is.
 */
const ALLOCATION_LIST: KeysetList<AllocationSort> = {
  id: 'a.id',
  sorts: {
    allocatedAt: { expression: 'a.allocated_at', type: 'timestamptz' },
    quantity: { expression: 'a.quantity', type: 'int' },
  },
  defaultSort: 'allocatedAt',
  plainCursor: { sort: 'allocatedAt', column: 'a.allocated_at', orders: 'newest-first' },
};

/** Active allocations by default; `removed` the deactivated ones (each has its partial indexes). */
function allocationFilterSql(filter: AllocationFilter): SqlClause {
  return allOf(
    { sql: filter.status === 'removed' ? 'not a.is_active' : 'a.is_active', params: [] },
    partnerClause(filter.partnerId),
    searchClause(filter.search),
  );
}

function partnerClause(partnerId: string | undefined): SqlClause | null {
  return partnerId ? { sql: 'a.partner_id = ?', params: [partnerId] } : null;
}

function searchClause(search: string | undefined): SqlClause | null {
  if (!search) return null;
  const like = `%${likeEscape(search)}%`;
  return {
    sql: 'i.name ilike ? or i.sku ilike ? or i.category ilike ? or a.notes ilike ?',
    params: [like, like, like, like],
  };
}
