import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Batch } from './batch.entity';
import { likeEscape, type SqlClause } from './code-visibility';
import type { PageWindow } from './qr-codes.repository';

/** A batch with how many times its codes were redeemed. */
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
  redeemed: number;
}

const SELECT_WITH_USAGE = `select b.id, b.name, b.count, b.created_at,
       coalesce((select sum(q.usage_count) from qr_codes q where q.batch_id = b.id), 0)::int as redeemed
  from batches b`;

const toBatch = (row: BatchRow): BatchWithUsage => ({
  id: row.id,
  name: row.name,
  count: row.count,
  createdAt: new Date(row.created_at),
  redeemed: Number(row.redeemed),
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

  /** Newest first, searched by name, with the total. */
  async page(window: PageWindow): Promise<[BatchWithUsage[], number]> {
    const text = window.search?.trim();
    const search: SqlClause = text
      ? { sql: 'where b.name ilike ?', params: [`%${likeEscape(text)}%`] }
      : { sql: '', params: [] };
    const conn = this.em.getConnection();
    const rows: BatchRow[] = await conn.execute(
      `${SELECT_WITH_USAGE} ${search.sql}
        order by b.created_at desc, b.id desc limit ? offset ?`,
      [...search.params, window.limit, window.offset],
    );
    const [{ total }] = (await conn.execute(
      `select count(*)::int as total from batches b ${search.sql}`,
      search.params,
    )) as [{ total: number }];
    return [rows.map(toBatch), total];
  }

  async findWithUsage(id: string): Promise<BatchWithUsage | null> {
    const rows: BatchRow[] = await this.em
      .getConnection()
      .execute(`${SELECT_WITH_USAGE} where b.id = ?`, [id]);
    return rows[0] ? toBatch(rows[0]) : null;
  }
}
