import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PartnerOfferStat } from './partner-offer-stat.entity';

@Injectable()
export class PartnerOfferStatsRepository {
  constructor(private readonly em: EntityManager) {}

  listForPartners(partnerIds: string[]): Promise<PartnerOfferStat[]> {
    if (!partnerIds.length) return Promise.resolve([]);
    return this.em.find(PartnerOfferStat, { partnerId: { $in: partnerIds }, removedAt: null });
  }
}
