import type { PublicPartner } from '@avpass/contracts';
import { voucherStatus } from '@avpass/domain';
import { Inject, Injectable } from '@nestjs/common';
import { PARTNERS_CONFIG, type PartnersConfig } from '../config';
import { CompaniesRepository } from '../companies/companies.repository';
import { PartnerOfferStatsRepository } from './partner-offer-stats.repository';
import { toPublicPartner, type OfferCounts } from './public-partner.mapper';

/** The landing page's partner list: active partners, with their offers counted when read. */
@Injectable()
export class PublicPartnersService {
  private readonly timeZone: string;

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly offerStats: PartnerOfferStatsRepository,
    @Inject(PARTNERS_CONFIG) config: PartnersConfig,
  ) {
    this.timeZone = config.BUSINESS_TIMEZONE;
  }

  async list(now: Date = new Date()): Promise<PublicPartner[]> {
    const companies = await this.companies.listActiveOldestFirst();
    const counts = new Map<string, OfferCounts>(
      companies.map((c) => [c.id, { activeOffers: 0, totalQrCodes: 0 }]),
    );
    for (const offer of await this.offerStats.listForPartners([...counts.keys()])) {
      const count = counts.get(offer.partnerId);
      if (!count) continue;
      count.totalQrCodes++;
      // The same status rule as the voucher page: not deactivated, not used up, not past its day.
      if (voucherStatus(offer, now, this.timeZone) === 'active') count.activeOffers++;
    }
    return companies.map((c) => toPublicPartner(c, counts.get(c.id) ?? { activeOffers: 0, totalQrCodes: 0 }));
  }
}
