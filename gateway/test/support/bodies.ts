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
