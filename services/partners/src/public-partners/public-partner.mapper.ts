import type { PublicPartner } from '@avpass/contracts';
import type { Company } from '../companies';

export interface OfferCounts {
  activeOffers: number;
  totalQrCodes: number;
}

export function toPublicPartner(company: Company, counts: OfferCounts): PublicPartner {
  return {
    id: company.id,
    name: company.name,
    logoUrl: company.logoUrl,
    contactInfo: company.contactInfo,
    activeOffers: counts.activeOffers,
    totalQrCodes: counts.totalQrCodes,
  };
}
