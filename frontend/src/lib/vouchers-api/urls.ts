/** Every vouchers URL of spec section 7, in one place. TanStack Query keys start with the URL. */
export const VOUCHER_URLS = {
  recent: '/api/qr-codes',
  companyList: '/api/qr-codes/all',
  voucher: (id: string) => `/api/qr-codes/${encodeURIComponent(id)}`,
  redeem: (id: string) => `/api/redeem/${encodeURIComponent(id)}`,
  generate: '/api/generate-qr',
  bulkGenerate: '/api/bulk-generate',
  uploadLogo: '/api/upload-logo',
  adminStats: '/api/admin/stats',
  companyStats: '/api/stats',
  adminList: '/api/admin/qr-codes',
  adminDelete: (id: string) => `/api/admin/qr-codes/${encodeURIComponent(id)}`,
  adminRedemptions: '/api/admin/redemptions',
  companyRedemptions: '/api/redemptions',
  adminBatches: '/api/admin/batches',
  adminBatch: (id: string) => `/api/admin/batches/${encodeURIComponent(id)}`,
  partners: (id: string) => `/api/qr-codes/${encodeURIComponent(id)}/partners`,
  assignPartners: (id: string) => `/api/qr-codes/${encodeURIComponent(id)}/assign-partners`,
  companies: '/api/companies',
} as const;

/** `?limit=&offset=&search=` for the paged lists. */
export function withListQuery(
  url: string,
  query: { limit?: number; offset?: number; search?: string },
): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  if (query.search?.trim()) params.set('search', query.search.trim());
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** Spec section 9 polling intervals, in milliseconds. */
export const POLL_MS = {
  recentCodes: 8_000,
  stats: 10_000,
  dashboardStats: 12_000,
  qrList: 10_000,
  redemptions: 15_000,
} as const;
