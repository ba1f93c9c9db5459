// Request bodies more than one HTTP test sends.

/** The §7 payload as the screen sends it. */
export const exclusiveBody = (extra: Record<string, unknown> = {}) => ({
  clinic: 'Project Rooted',
  clinicName: 'Project Rooted',
  discountType: 'percentage',
  discountValue: 0,
  service: 'Coach session',
  expirationDate: '2099-12-31',
  usageLimit: '5',
  partnerType: 'exclusive',
  qrType: 'other',
  isProjectRootedExclusive: true,
  exclusiveType: 'training_session',
  exclusiveDetails: { title: 'Coach session', description: 'One hour with a coach', value: '10 OFF' },
  deploymentUrl: 'https://site.example',
  ...extra,
});

/** POST /api/generate-qr as the screen sends it (the usage limit as text), for a partner. */
export const generateQrBody = (partnerId: string, extra: Record<string, unknown> = {}) => ({
  partnerId,
  discountType: 'percentage',
  discountValue: 20,
  service: 'Tune-up',
  expirationDate: '2099-12-31',
  usageLimit: 'unlimited',
  ...extra,
});

/** POST /api/bulk-generate as the screen sends it: a batch of two. */
export const bulkGenerateBody = (extra: Record<string, unknown> = {}) => ({
  batchName: 'Spring batch',
  facility: 'Gym',
  quantity: 2,
  discountValue: 10,
  service: 'S',
  expirationDate: '2099-12-31',
  ...extra,
});
