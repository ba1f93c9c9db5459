import { afterCursorSql, allOf, nextCursor } from '@avpass/platform';
import type { Actor, InventoryTransactionType } from '@avpass/contracts';
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

  async record(tx: EntityManager, entry: LedgerEntry): Promise<void> {
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

  /** Newest first by keyset, for one line, one partner, or everything (the administrator). */
  async page(filter: { inventoryId?: string; partnerId?: string; limit: number; cursor?: string }) {
    const where = allOf(
      filter.inventoryId ? { sql: 't.merch_inventory_id = ?', params: [filter.inventoryId] } : null,
      filter.partnerId ? { sql: 't.partner_id = ?', params: [filter.partnerId] } : null,
      afterCursorSql(filter.cursor, 't.created_at', 't.id'),
    );
    const rows = (await this.em.execute(
      `select t.*, t.created_at::text as cursor_at, i.name as item_name, i.sku as item_sku, l.size, l.color
         from (select * from inventory_transactions t where ${where.sql}
               order by t.created_at desc, t.id desc limit ?) t
         join merch_inventory l on l.id = t.merch_inventory_id
         join merch_items i on i.id = t.merch_item_id
        order by t.created_at desc, t.id desc`,
      [...where.params, filter.limit],
    )) as LedgerRow[];
    return { rows, nextCursor: nextCursor(rows, filter.limit) };
  }

  /**
   * The list's total: exact for one line or one partner (their indexes); for the administrator's
   * unfiltered ledger, counted up to COUNT_CAP so a poll never walks half a million rows.
   */
  async count(filter: { inventoryId?: string | undefined; partnerId?: string | undefined }): Promise<number> {
    const where = allOf(
      filter.inventoryId ? { sql: 'merch_inventory_id = ?', params: [filter.inventoryId] } : null,
      filter.partnerId ? { sql: 'partner_id = ?', params: [filter.partnerId] } : null,
    );
    const cap = filter.inventoryId || filter.partnerId ? '' : ` limit ${COUNT_CAP}`;
    const [row] = (await this.em.execute(
      `select count(*)::int as n from (select 1 from inventory_transactions where ${where.sql}${cap}) t`,
      where.params,
    )) as { n: number }[];
    return row!.n;
  }
}

export const COUNT_CAP = 10_000;
