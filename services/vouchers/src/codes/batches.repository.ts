import { allOf, likeEscape, afterCursorSql, nextCursor } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Batch } from './batch.entity';

import type { KeysetPage, PageWindow } from './qr-codes.repository';

/** A batch; how many times its codes were redeemed comes from the tallies (TalliesRepository). */
export interface BatchWithUsage {
  id: string;
  name: string;
  count: number;
  createdAt: Date;
  redeemed: number;
}

interface BatchRow {
  id: string;
  name: string;
  count: number;
  created_at: Date | string;
  cursor_at: string;
}

const toBatch = (row: BatchRow): Omit<BatchWithUsage, 'redeemed'> => ({
  id: row.id,
  name: row.name,
  count: row.count,
  createdAt: new Date(row.created_at),
});

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

  /** Newest first, searched by name (trigram index), by keyset or offset, with the total. */
  async page(window: PageWindow): Promise<[KeysetPage<Omit<BatchWithUsage, 'redeemed'>>, number]> {
    const text = window.search?.trim();
    const search = text ? { sql: 'b.name ilike ?', params: [`%${likeEscape(text)}%`] } : null;
    const where = allOf(search, afterCursorSql(window.cursor, 'b.created_at', 'b.id'));
    const rows: BatchRow[] = await this.em.execute(
      `select b.id, b.name, b.count, b.created_at, b.created_at::text as cursor_at from batches b
        where ${where.sql} order by b.created_at desc, b.id desc limit ? offset ?`,
      [...where.params, window.limit, window.cursor ? 0 : window.offset],
    );
    // A club makes a few hundred batches a year: counting them is cheap.
    const counted = allOf(search);
    const [{ total }] = (await this.em.execute(
      `select count(*)::int as total from batches b where ${counted.sql}`,
      counted.params,
    )) as [{ total: number }];
    return [{ rows: rows.map(toBatch), nextCursor: nextCursor(rows, window.limit) }, total];
  }

  async find(id: string): Promise<Omit<BatchWithUsage, 'redeemed'> | null> {
    const rows: BatchRow[] = await this.em.execute(
      'select b.id, b.name, b.count, b.created_at, b.created_at::text as cursor_at from batches b where b.id = ?',
      [id],
    );
    return rows[0] ? toBatch(rows[0]) : null;
  }
}
