/** Every credits URL of spec section 7, in one place. TanStack Query keys start with the URL. */
export const CREDIT_URLS = {
  credits: '/api/athlete-credits',
  credit: (id: string) => `/api/athlete-credits/${encodeURIComponent(id)}`,
  ledger: '/api/credit-transactions',
  voidTransaction: (id: string) => `/api/credit-transactions/${encodeURIComponent(id)}/void`,
  partnerCredits: '/api/partner-athlete-credits',
  partnerTransactions: '/api/credits/partner-transactions',
  partnerSummary: '/api/credits/partner-summary',
  spendableAthletes: '/api/credits/spendable-athletes',
  recordForCredit: (id: string) => `/api/credits/${encodeURIComponent(id)}/transactions`,
  uploadPhoto: '/api/upload/athlete-photo',
} as const;

/** Lists refetch on focus and every 15 s while a screen is open (a till elsewhere may charge a credit). */
export const CREDITS_POLL_MS = 15_000;
