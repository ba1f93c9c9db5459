import { publicVoucherSchema, type PublicVoucher } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';

/**
 * A voucher as the vouchers service answers `getPublic`, for the wallet's specs: a 20 % partner offer
 * used once of three, at one partner. `overrides` replace any field (an `id` also sets the link).
 */
export function publicVoucher(overrides: Partial<PublicVoucher> = {}): PublicVoucher {
  const id = overrides.id ?? randomUUID();
  return publicVoucherSchema.parse({
    id,
    qrUrl: `https://avpass.example/voucher/${id}`,
    clinicName: 'Harbor Physio',
    discountType: 'percentage',
    discountValue: 20,
    service: 'Sports Massage',
    expirationDate: '2026-12-31',
    startDate: null,
    usageLimit: 3,
    usageCount: 1,
    terms: 'One per visit. Not combinable with other offers.',
    logoUrl: null,
    customTitle: null,
    partnerType: 'clinic',
    qrType: 'partner',
    trainerName: null,
    trainerImage: null,
    trainerRole: null,
    isActive: true,
    isProjectRootedExclusive: false,
    exclusiveType: null,
    exclusiveDetails: null,
    status: 'active',
    createdAt: '2026-11-01T10:00:00.000Z',
    redemptionMode: 'self',
    partners: [
      {
        id: '0f6f3c1e-2b7a-4d52-8f1e-6a1d2c3b4a59',
        name: 'Harbor Physio',
        logoUrl: null,
        address: '12 Quay Street, Harbor Town',
        phone: '+1 555 0100',
        website: 'https://harborphysio.example',
      },
    ],
    lastRedemption: { redeemedAt: '2026-11-20T18:30:00.000Z', partnerName: 'Harbor Physio', channel: 'till' },
    ...overrides,
  });
}
