import {
  athleteCreditSchema,
  creditSummarySchema,
  creditTransactionSchema,
  pageSchema,
  type ListQuery,
} from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { rememberNextCursor, withListQuery } from '@/lib/vouchers-api';
import { CREDIT_URLS, CREDITS_POLL_MS } from './urls';

export const creditPageSchema = pageSchema(athleteCreditSchema);
export const transactionPageSchema = pageSchema(creditTransactionSchema);

const live = { refetchInterval: CREDITS_POLL_MS, refetchOnWindowFocus: true, staleTime: 0 } as const;

function usePagedList<T>(
  url: string,
  schema: { parse: (v: unknown) => T & { nextCursor?: string | null } },
  query: ListQuery,
) {
  const href = withListQuery(url, query);
  return useQuery({
    queryKey: [url, query],
    queryFn: async ({ signal }) => rememberNextCursor(url, query, await apiJson(href, schema, { signal })),
    placeholderData: keepPreviousData,
    ...live,
  });
}

/** GET /api/athlete-credits (super_admin): active allocations, paged and searchable. */
export const useAdminCredits = (query: ListQuery) =>
  usePagedList(CREDIT_URLS.credits, creditPageSchema, query);

/** GET /api/credit-transactions (super_admin): the ledger. */
export const useLedger = (query: ListQuery) => usePagedList(CREDIT_URLS.ledger, transactionPageSchema, query);

/** GET /api/partner-athlete-credits: the credits the signed-in partner may process. */
export const usePartnerCredits = (query: ListQuery) =>
  usePagedList(CREDIT_URLS.partnerCredits, creditPageSchema, query);

/** GET /api/credits/partner-transactions: the partner's own transactions. */
export const usePartnerTransactions = (query: ListQuery) =>
  usePagedList(CREDIT_URLS.partnerTransactions, transactionPageSchema, query);

/** GET /api/credits/partner-summary: the four cards. */
export function useCreditSummary() {
  return useQuery({
    queryKey: [CREDIT_URLS.partnerSummary],
    queryFn: ({ signal }) => apiJson(CREDIT_URLS.partnerSummary, creditSummarySchema, { signal }),
    ...live,
  });
}

/** The first credits matching a typed athlete name (the partner's Record Transaction check). */
export function findPartnerCredits(search: string) {
  return apiJson(withListQuery(CREDIT_URLS.partnerCredits, { search, limit: 50 }), creditPageSchema);
}
