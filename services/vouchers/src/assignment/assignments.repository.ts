import { pgArray } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QrCodePartner } from '../codes/qr-code-partner.entity';

/** The qr_code_partners table: which partner companies each code is assigned to. */
@Injectable()
export class AssignmentsRepository {
  constructor(private readonly em: EntityManager) {}

  /** A code's active assignments, oldest first. */
  listActive(codeId: string, em: EntityManager = this.em): Promise<QrCodePartner[]> {
    return em.find(
      QrCodePartner,
      { qrCodeId: codeId, isActive: true },
      { orderBy: { assignedAt: 'asc', id: 'asc' } },
    );
  }

  /**
   * A code's active assignments as the database holds them now, read in a fresh context: nothing this
   * call loaded before (rows its native writes changed since) is answered from memory.
   */
  listActiveNow(codeId: string): Promise<QrCodePartner[]> {
    return this.listActive(codeId, this.em.fork());
  }

  /** Every assignment row of a code, active or not. */
  listAll(codeId: string): Promise<QrCodePartner[]> {
    return this.em.find(QrCodePartner, { qrCodeId: codeId });
  }

  /** How many partners each code is assigned to. */
  async partnerCounts(codeIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (!codeIds.length) return counts;
    // One array parameter (a page of rendering's codes is 500 ids) and counts, not entities.
    const rows: { id: string; n: number }[] = await this.em.execute(
      `select qr_code_id as id, count(*)::int as n from qr_code_partners
        where qr_code_id = any(?::uuid[]) and is_active group by qr_code_id`,
      [pgArray(codeIds)],
    );
    for (const row of rows) counts.set(row.id, row.n);
    return counts;
  }

  async insert(
    tx: EntityManager,
    codeId: string,
    partnerIds: string[],
    assignedBy: string | null,
  ): Promise<void> {
    await tx.insertMany(
      QrCodePartner,
      partnerIds.map((partnerId) =>
        Object.assign(new QrCodePartner(), { qrCodeId: codeId, partnerId, assignedBy }),
      ),
    );
  }

  /** Returns how many rows went. */
  remove(tx: EntityManager, codeId: string, partnerIds: string[]): Promise<number> {
    return tx.nativeDelete(QrCodePartner, { qrCodeId: codeId, partnerId: { $in: partnerIds } });
  }

  /** Every assignment of a partner (it was deleted). Returns how many rows went. */
  removePartner(tx: EntityManager, partnerId: string): Promise<number> {
    return tx.nativeDelete(QrCodePartner, { partnerId });
  }
}
