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
  bulkAssignPartners: '/api/qr-codes/assign-partners',
  companies: '/api/companies',
  cancelRedemption: (id: string) => `/api/redemptions/${encodeURIComponent(id)}/cancel`,
  voucherSettings: '/api/settings/vouchers',
} as const;

/**
 * A paged list's query: limit, offset and search, and a table's sort and filters (issue 27: `sort`,
 * `order`, `status`, `partnerId`), sent as they are.
 */
type PagedQuery = {
  limit?: number;
  offset?: number;
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  status?: string;
  partnerId?: string;
};
const VIEW_PARAMS = ['sort', 'order', 'status', 'partnerId'] as const;

/**
 * Cursors the server handed out, by list and position: `nextCursor` of the page at offset n is the
 * way to the page at n + limit. The pager steps one page at a time, so the page it asks for is
 * almost always reached by cursor (keyset: a deep page costs what the first costs); offset is the
 * fallback for a position no page has led to.
 */
const pageCursors = new Map<string, string>();
const cursorKey = (url: string, query: PagedQuery, offset: number) =>
  [
    url,
    query.limit ?? '',
    query.search?.trim() ?? '',
    ...VIEW_PARAMS.map((name) => query[name] ?? ''),
    offset,
  ].join('|');

/** Remembers where the page after this one starts; returns the page. */
export function rememberNextCursor<P extends { nextCursor?: string | null | undefined }>(
  url: string,
  query: PagedQuery,
  page: P,
): P {
  const offset = query.offset ?? 0;
  const next = cursorKey(url, query, offset + (query.limit ?? 0));
  if (page.nextCursor) pageCursors.set(next, page.nextCursor);
  else pageCursors.delete(next);
  return page;
}

/** `?limit=&search=` (and a table's sort and filters) and `cursor=` (or `offset=` when no page led here). */
export function withListQuery(url: string, query: PagedQuery): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  const cursor = query.offset ? pageCursors.get(cursorKey(url, query, query.offset)) : undefined;
  if (cursor) params.set('cursor', cursor);
  else if (query.offset !== undefined) params.set('offset', String(query.offset));
  if (query.search?.trim()) params.set('search', query.search.trim());
  for (const name of VIEW_PARAMS) {
    const value = query[name];
    if (value) params.set(name, value);
  }
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
