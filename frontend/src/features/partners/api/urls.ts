/** The partners screen's URLs (spec section 7, "Exclusives, vendors"). Query keys start with the URL. */
export const PARTNER_URLS = {
  vendors: '/api/vendors',
  vendor: (id: string) => `/api/vendors/${encodeURIComponent(id)}`,
  vendorQrCodes: (id: string) => `/api/vendors/${encodeURIComponent(id)}/qr-codes`,
  users: (id: string) => `/api/partners/${encodeURIComponent(id)}/users`,
  user: (id: string, userId: string) =>
    `/api/partners/${encodeURIComponent(id)}/users/${encodeURIComponent(userId)}`,
  vendorPhoto: '/api/upload/vendor-photo',
} as const;

/** `url?limit=&offset=&…`, leaving out empty values. */
export function withQuery(url: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}
