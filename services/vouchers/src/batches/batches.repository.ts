import { isCardLanguage, type BatchSort, type CardLanguage, type SortOrder } from '@avpass/contracts';
import { allOf, keysetOrder, likeEscape, pgArray, type KeysetList } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Batch } from './batch.entity';

import type { KeysetPage, PageWindow } from '../codes';

/** A batch; how many times its codes were redeemed comes from the tallies (TalliesRepository). */
export interface BatchWithUsage {
  id: string;
  name: string;
  count: number;
  createdAt: Date;
  cardLanguage: CardLanguage;
  redeemed: number;
}

interface BatchRow {
  id: string;
  name: string;
  count: number;
  created_at: Date | string;
  card_language: string;
  cursor_at: string;
}

const toBatch = (row: BatchRow): Omit<BatchWithUsage, 'redeemed'> => ({
  id: row.id,
  name: row.name,
  count: row.count,
  createdAt: new Date(row.created_at),
  cardLanguage: cardLanguageOf(row.card_language),
});

/** The column's value (its CHECK holds it to the list); anything else would print English. */
const cardLanguageOf = (value: string): CardLanguage => (isCardLanguage(value) ? value : 'en');

/**
 * The Batches tab's sorts (decision 191): creation time either way with the plain cursor, or the
 * expression each index (migration 20261210 batch sorts) is on.
 */
const BATCH_LIST: KeysetList<BatchSort> = {
  id: 'b.id',
  sorts: {
    createdAt: { expression: 'b.created_at', type: 'timestamptz' },
    name: { expression: 'lower(b.name)', type: 'text' },
    count: { expression: 'b.count', type: 'int' },
  },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 'b.created_at', orders: 'either-way' },
};

/** The batches table (bulk generations). */
@Injectable()
export class BatchesRepository {
  constructor(private readonly em: EntityManager) {}

  async insert(tx: EntityManager, batch: Batch): Promise<void> {
    await tx.insert(Batch, batch);
  }

  exists(id: string): Promise<boolean> {
    return this.em.count(Batch, { id }).then((n) => n > 0);
  }

  /**
   * Newest first unless the tab sorts by name (batches_name_order_index, migration 20261210 batch sorts) or size
   * (batches_count_order_index), the id breaking ties; searched by name (trigram index), by keyset (a
   * cursor of the same sort, else 400) or offset, with the total.
   */
  async page(
    window: Omit<PageWindow, 'sort'>,
    sort?: { sort: BatchSort; order: SortOrder },
  ): Promise<[KeysetPage<Omit<BatchWithUsage, 'redeemed'>>, number]> {
    const text = window.search?.trim();
    const search = text ? { sql: 'b.name ilike ?', params: [`%${likeEscape(text)}%`] } : null;
    const keyset = keysetOrder(BATCH_LIST, { ...sort, cursor: window.cursor });
    const where = allOf(search, keyset.after);
    const rows: (BatchRow & { sort_value: string | null })[] = await this.em.execute(
      `select b.id, b.name, b.count, b.created_at, b.card_language, ${keyset.keyColumns}
         from batches b
        where ${where.sql} order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, window.limit, window.cursor ? 0 : window.offset],
    );
    // A club makes a few hundred batches a year: counting them is cheap.
    const counted = allOf(search);
    const [{ total }] = (await this.em.execute(
      `select count(*)::int as total from batches b where ${counted.sql}`,
      counted.params,
    )) as [{ total: number }];
    return [
      {
        rows: rows.map(toBatch),
        nextCursor: keyset.next(rows, window.limit),
      },
      total,
    ];
  }

  async find(id: string): Promise<Omit<BatchWithUsage, 'redeemed'> | null> {
    const rows: BatchRow[] = await this.em.execute(
      'select b.id, b.name, b.count, b.created_at, b.card_language, b.created_at::text as cursor_at from batches b where b.id = ?',
      [id],
    );
    return rows[0] ? toBatch(rows[0]) : null;
  }

  /** The card language of each of `ids` that exists (a page of codes to print names a few batches). */
  async cardLanguages(ids: readonly string[]): Promise<Map<string, CardLanguage>> {
    if (!ids.length) return new Map();
    const rows: { id: string; card_language: string }[] = await this.em.execute(
      'select b.id, b.card_language from batches b where b.id = any(?::uuid[])',
      [pgArray([...new Set(ids)])],
    );
    return new Map(rows.map((r) => [r.id, cardLanguageOf(r.card_language)]));
  }
}
