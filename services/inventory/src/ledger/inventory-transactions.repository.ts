import { allOf, type KeysetList, keysetOrder, type SqlClause } from '@avpass/platform';
import type { Actor, InventoryTransactionType, SortOrder } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

export interface LedgerEntry {
  merchInventoryId: string;
  merchItemId: string;
  partnerId: string | null;
  type: InventoryTransactionType;
  quantity: number;
  previousQuantity: number;
  newQuantity: number;
  reference: string | null;
  notes: string | null;
  actor: Actor | null;
}

export interface LedgerRow {
  id: string;
  merch_inventory_id: string;
  merch_item_id: string;
  partner_id: string | null;
  transaction_type: InventoryTransactionType;
  quantity: number;
  previous_quantity: number;
  new_quantity: number;
  reference: string | null;
  notes: string | null;
  created_at: Date;
  created_by: string | null;
  created_by_role: string | null;
  item_name: string;
  item_sku: string;
  size: string;
  color: string | null;
  cursor_at: string;
}

/** inventory_transactions: every change of a line writes one row, in the change's transaction. */
@Injectable()
export class InventoryTransactionsRepository {
  constructor(private readonly em: EntityManager) {}

  async recordStockMovement(tx: EntityManager, entry: LedgerEntry): Promise<void> {
    await tx.execute(
      `insert into inventory_transactions (id, merch_inventory_id, merch_item_id, partner_id, transaction_type,
         quantity, previous_quantity, new_quantity, reference, notes, created_by, created_by_role)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        randomUUID(),
        entry.merchInventoryId,
        entry.merchItemId,
        entry.partnerId,
        entry.type,
        entry.quantity,
        entry.previousQuantity,
        entry.newQuantity,
        entry.reference,
        entry.notes,
        entry.actor?.userId ?? null,
        entry.actor?.role ?? null,
      ],
    );
  }

  /**
   * Newest first by keyset (the old cursor) or offset, or oldest first (the same indexes read backwards,
   * a cursor that says so; the other one is a 400): one line, one item, one partner, one type, or
   * everything (the administrator).
   */
  async page(query: LedgerPageQuery) {
    const keyset = keysetOrder(LEDGER_LIST, {
      order: query.order === 'asc' ? 'asc' : 'desc',
      cursor: query.cursor,
    });
    const where = allOf(ledgerFilterSql(query), keyset.after);
    const rows = (await this.em.execute(
      `select t.*, ${keyset.keyColumns}, i.name as item_name, i.sku as item_sku, l.size, l.color
         from (select * from inventory_transactions t where ${where.sql}
               order by ${keyset.orderBy} limit ? offset ?) t
         join merch_inventory l on l.id = t.merch_inventory_id
         join merch_items i on i.id = t.merch_item_id
        order by ${keyset.orderBy}`,
      [...where.params, query.limit, query.cursor ? 0 : (query.offset ?? 0)],
    )) as (LedgerRow & { sort_value: string | null })[];
    return { rows, nextCursor: keyset.next(rows, query.limit) };
  }

  /**
   * The list's total through the filter's index, stopping after `bound` + 1 rows: a filter over half a
   * million rows (or the administrator's whole ledger) is never counted whole.
   */
  async countUpTo(filter: LedgerFilter, bound: number): Promise<number> {
    const where = ledgerFilterSql(filter);
    const [row] = (await this.em.execute(
      `select count(*)::int as n from (select 1 from inventory_transactions t where ${where.sql} limit ?) hit`,
      [...where.params, bound + 1],
    )) as { n: number }[];
    return row!.n;
  }
}

/** What narrows the ledger: a line, an item, a partner (a company's own rows), the Type filter. */
export interface LedgerFilter {
  inventoryId?: string | undefined;
  itemId?: string | undefined;
  partnerId?: string | undefined;
  type?: InventoryTransactionType | undefined;
}

export interface LedgerPageQuery extends LedgerFilter {
  limit: number;
  offset?: number | undefined;
  cursor?: string | undefined;
  order?: SortOrder | undefined;
}

/**
 * The ledger newest first (the old cursor) or oldest first: the (…, created_at desc, id desc) indexes
 * read backwards, with a cursor that says so.
 */
const LEDGER_LIST: KeysetList<'createdAt'> = {
  id: 't.id',
  sorts: { createdAt: { expression: 't.created_at', type: 'timestamptz' } },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 't.created_at', orders: 'newest-first' },
};

function ledgerFilterSql(filter: LedgerFilter): SqlClause {
  return allOf(
    filter.inventoryId ? { sql: 't.merch_inventory_id = ?', params: [filter.inventoryId] } : null,
    filter.itemId ? { sql: 't.merch_item_id = ?', params: [filter.itemId] } : null,
    filter.partnerId ? { sql: 't.partner_id = ?', params: [filter.partnerId] } : null,
    filter.type ? { sql: 't.transaction_type = ?', params: [filter.type] } : null,
  );
}

/** A ledger's total counts at most this many rows, then says "more than" (`totalIsLowerBound`). */
export const COUNT_CAP = 10_000;
