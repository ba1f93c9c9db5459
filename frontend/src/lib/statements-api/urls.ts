/** Every statements URL of issue 39, in one place. TanStack Query keys start with the URL. */
export const STATEMENT_URLS = {
  list: '/api/statements',
  preview: '/api/statements/preview',
  issue: '/api/statements/issue',
  statement: (id: string) => `/api/statements/${encodeURIComponent(id)}`,
  document: (id: string, kind: 'pdf' | 'csv') => `/api/statements/${encodeURIComponent(id)}/${kind}`,
  approve: (id: string) => `/api/statements/${encodeURIComponent(id)}/approve`,
  dispute: (id: string) => `/api/statements/${encodeURIComponent(id)}/dispute`,
  resolve: (id: string) => `/api/statements/${encodeURIComponent(id)}/resolve`,
  paid: (id: string) => `/api/statements/${encodeURIComponent(id)}/paid`,
  totals: '/api/statements/totals',
  payouts: '/api/statements/payouts.csv',
  deliveries: (id: string) => `/api/statements/${encodeURIComponent(id)}/deliveries`,
  resend: (id: string) => `/api/statements/${encodeURIComponent(id)}/resend`,
  resendFailed: '/api/statements/resend',
} as const;

/** A URL with the query's defined, non-empty values. */
export function withQuery(url: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}
