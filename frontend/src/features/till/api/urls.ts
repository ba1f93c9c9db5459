/** The till's endpoints (issue 25; the member pass's: issue 43). TanStack Query keys start with the URL. */
export const TILL_URLS = {
  check: '/api/till/check',
  redeem: '/api/till/redeem',
  recent: '/api/till/recent',
  codes: '/api/till/codes',
  pass: '/api/till/pass',
  passKeys: '/api/till/pass-keys',
  passRevocations: '/api/till/pass-revocations',
} as const;
