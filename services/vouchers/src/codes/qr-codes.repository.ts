import type { Actor } from '@avpass/contracts';
import { EntityManager, type QueryBuilder } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QrCodePartner } from './qr-code-partner.entity';
import { QrCode } from './qr-code.entity';

export interface PageWindow {
  limit: number;
  offset: number;
  search?: string | undefined;
}

/** `a_b%` typed in a search box means those characters, not LIKE wildcards. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Reads of codes, always through what an actor may see: the platform administrator sees every code,
 * a company exactly the codes assigned to it (active rows of qr_code_partners), anyone else nothing.
 */
@Injectable()
export class QrCodesRepository {
  constructor(private readonly em: EntityManager) {}

  /** Restricts a query on `q` (qr_codes) to the actor's codes. */
  scope<T extends object>(qb: QueryBuilder<T>, actor: Actor, alias = 'q'): QueryBuilder<T> {
    if (actor.role === 'super_admin') return qb;
    if (!actor.companyId) return qb.andWhere('1 = 0');
    return qb.andWhere(
      `${alias}.id in (select p.qr_code_id from qr_code_partners p where p.partner_id = ? and p.is_active)`,
      [actor.companyId],
    );
  }

  /** Partner name, page title, batch name, service or the start of the id, case-insensitive. */
  search<T extends object>(qb: QueryBuilder<T>, search: string | undefined, alias = 'q'): QueryBuilder<T> {
    const text = search?.trim();
    if (!text) return qb;
    const contains = `%${likeEscape(text)}%`;
    return qb.andWhere(
      `(${alias}.clinic_name ilike ? or ${alias}.service ilike ? or ${alias}.custom_title ilike ? or ${alias}.batch_name ilike ? or ${alias}.id::text ilike ?)`,
      [contains, contains, contains, contains, `${likeEscape(text.toLowerCase())}%`],
    );
  }

  /** Newest first, paged. `extra` narrows further (a vendor, a batch). */
  async page(
    actor: Actor,
    window: PageWindow,
    extra?: (qb: QueryBuilder<QrCode>) => void,
    order: 'newest' | 'oldest' = 'newest',
  ): Promise<[QrCode[], number]> {
    const qb = this.em.createQueryBuilder(QrCode, 'q');
    this.scope(qb, actor);
    this.search(qb, window.search);
    extra?.(qb);
    const dir = order === 'newest' ? 'desc' : 'asc';
    qb.orderBy({ createdAt: dir, id: dir }).limit(window.limit).offset(window.offset);
    if (window.limit === 0) return [[], await qb.clone().limit(undefined).offset(undefined).getCount()];
    return qb.getResultAndCount();
  }

  findById(id: string): Promise<QrCode | null> {
    return this.em.findOne(QrCode, { id });
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

  /** How many partners each code is assigned to. */
  async partnerCounts(codeIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (!codeIds.length) return counts;
    const rows = await this.em.find(QrCodePartner, { qrCodeId: { $in: codeIds }, isActive: true });
    for (const row of rows) counts.set(row.qrCodeId, (counts.get(row.qrCodeId) ?? 0) + 1);
    return counts;
  }

  async activePartnerIds(codeId: string): Promise<string[]> {
    const rows = await this.em.find(
      QrCodePartner,
      { qrCodeId: codeId, isActive: true },
      { orderBy: { assignedAt: 'asc' } },
    );
    return rows.map((r) => r.partnerId);
  }
}
