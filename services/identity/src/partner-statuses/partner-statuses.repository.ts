import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PartnerStatus } from './partner-status.entity';

/** The partners' activation as identity knows it (partner_statuses). */
@Injectable()
export class PartnerStatusesRepository {
  constructor(private readonly em: EntityManager) {}

  /** A company with no recorded status was never deactivated. */
  async isActive(companyId: string): Promise<boolean> {
    const status = await this.em.findOne(PartnerStatus, { companyId });
    return status?.isActive ?? true;
  }

  /**
   * Keeps the announced state unless a newer one (greater version) is kept already; answers whether
   * it was applied.
   */
  async apply(
    tx: EntityManager,
    status: { companyId: string; isActive: boolean; version: number },
  ): Promise<boolean> {
    const rows: unknown[] = await tx.getConnection().execute(
      `insert into partner_statuses (company_id, is_active, version) values (?, ?, ?)
         on conflict (company_id) do update set is_active = excluded.is_active, version = excluded.version
         where partner_statuses.version < excluded.version
       returning company_id`,
      [status.companyId, status.isActive, status.version],
      'all',
      tx.getTransactionContext(),
    );
    return rows.length > 0;
  }
}
