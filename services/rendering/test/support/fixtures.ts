import type { QrCode } from '@avpass/contracts';

/** A code as the vouchers service answers it, for renderer tests that need no services. */
export function qrCodeFixture(overrides: Partial<QrCode> = {}): QrCode {
  const id = overrides.id ?? '3f2b1c7e-1234-4abc-9def-0123456789ab';
  return {
    id,
    qrUrl: `https://pass.example.org/voucher/${id}`,
    clinicName: 'Peak Physio',
    vendorId: null,
    createdByUserId: null,
    discountType: 'percentage',
    discountValue: 25,
    service: 'FREE Sports Massage',
    expirationDate: '2026-12-31',
    usageLimit: 5,
    usageCount: 2,
    terms: 'One voucher per visit. Not valid with other offers.',
    logoUrl: null,
    batchId: null,
    batchName: null,
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
    partnerCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
