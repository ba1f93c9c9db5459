/** The till's endpoints (issue 25). TanStack Query keys start with the URL. */
export const TILL_URLS = {
  check: '/api/till/check',
  redeem: '/api/till/redeem',
  recent: '/api/till/recent',
  codes: '/api/till/codes',
} as const;
