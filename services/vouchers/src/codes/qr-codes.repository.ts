import type { Actor } from '@avpass/contracts';
import { EntityManager, type QueryBuilder } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { assignedToSql, codeSearchSql, visibleCodesSql } from './code-visibility';
import { QrCode } from './qr-code.entity';

export interface PageWindow {
  limit: number;
  offset: number;
  search?: string | undefined;
}

/** Narrows a page of codes further. */
export interface CodeFilter {
  /** Made for this vendor (vendor_id) or assigned to it. */
  vendorId?: string;
  batchId?: string;
}

/**
 * The qr_codes table. Reads of lists go through what an actor may see (`visibleCodesSql`); writes take
 * the caller's unit of work (`tx`), so a code and its event commit together.
 */
@Injectable()
export class QrCodesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Newest (or oldest) first, paged, with the total. */
  async page(
    actor: Actor,
    window: PageWindow,
    filter: CodeFilter = {},
    order: 'newest' | 'oldest' = 'newest',
  ): Promise<[QrCode[], number]> {
    const qb = this.em.createQueryBuilder(QrCode, 'q');
    this.scope(qb, actor);
    const search = codeSearchSql(window.search);
    if (search) qb.andWhere(search.sql, search.params);
    if (filter.vendorId) {
      const assigned = assignedToSql(filter.vendorId);
      qb.andWhere(`(q.vendor_id = ? or ${assigned.sql})`, [filter.vendorId, ...assigned.params]);
    }
    if (filter.batchId) qb.andWhere({ batchId: filter.batchId });
    const dir = order === 'newest' ? 'desc' : 'asc';
    qb.orderBy({ createdAt: dir, id: dir }).limit(window.limit).offset(window.offset);
    if (window.limit === 0) return [[], await qb.clone().limit(undefined).offset(undefined).getCount()];
    return qb.getResultAndCount();
  }

  findById(id: string, em: EntityManager = this.em): Promise<QrCode | null> {
    return em.findOne(QrCode, { id });
  }

  /** Read past the request's identity map: the code as it stands in the database now. */
  findCurrent(id: string): Promise<QrCode | null> {
    return this.em.fork().findOne(QrCode, { id });
  }

  async findVisible(actor: Actor, id: string): Promise<QrCode | null> {
    const qb = this.em.createQueryBuilder(QrCode, 'q').where({ id });
    this.scope(qb, actor);
    return (await qb.getResultList())[0] ?? null;
  }

  async findVisibleByIds(actor: Actor, ids: string[]): Promise<QrCode[]> {
    if (!ids.length) return [];
    const qb = this.em.createQueryBuilder(QrCode, 'q').where({ id: { $in: ids } });
    this.scope(qb, actor);
    return qb.getResultList();
  }

  /** A batch's codes, oldest first. */
  listInBatch(batchId: string): Promise<QrCode[]> {
    return this.em.find(QrCode, { batchId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  add(tx: EntityManager, code: QrCode): void {
    tx.persist(code);
  }

  /** One multi-row INSERT. */
  async insertMany(tx: EntityManager, codes: QrCode[]): Promise<void> {
    await tx.insertMany(QrCode, codes);
  }

  /** Its redemptions and assignments go with it (foreign keys, on delete cascade). */
  async delete(tx: EntityManager, id: string): Promise<void> {
    await tx.nativeDelete(QrCode, { id });
  }

  private scope<T extends object>(qb: QueryBuilder<T>, actor: Actor): void {
    const visible = visibleCodesSql(actor);
    if (visible.sql !== 'true') qb.andWhere(visible.sql, visible.params);
  }
}
