import type { PublicPartner } from '@avpass/contracts';
import { voucherStatus } from '@avpass/domain';
import { BriefCache } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { PARTNERS_CONFIG, type PartnersConfig } from '../config';
import { CompaniesRepository } from '../companies/companies.repository';
import { PartnerOfferStatsRepository } from './partner-offer-stats.repository';
import { toPublicPartner, type OfferCounts } from './public-partner.mapper';

/** The landing page shows at most this many partners (the first to join; see docs/decisions.md). */
export const PUBLIC_PARTNERS_LIMIT = 120;

/** The landing page's partner list: active partners, with their offers counted when read. */
@Injectable()
export class PublicPartnersService {
  private readonly timeZone: string;
  /** Anyone can load the landing page: one read per PUBLIC_CACHE_MS serves every caller. */
  private readonly shared: BriefCache<PublicPartner[]>;

  constructor(
    private readonly companies: CompaniesRepository,
    private readonly offerStats: PartnerOfferStatsRepository,
    @Inject(PARTNERS_CONFIG) config: PartnersConfig,
  ) {
    this.timeZone = config.BUSINESS_TIMEZONE;
    this.shared = new BriefCache(config.PUBLIC_CACHE_MS, () => this.list());
  }

  /** The list, at most PUBLIC_CACHE_MS old. */
  listShared(): Promise<PublicPartner[]> {
    return this.shared.get();
  }

  async list(now: Date = new Date()): Promise<PublicPartner[]> {
    const companies = await this.companies.listActiveOldestFirst(PUBLIC_PARTNERS_LIMIT);
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
