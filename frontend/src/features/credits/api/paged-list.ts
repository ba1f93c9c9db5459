import { athleteCreditSchema, creditTransactionSchema, pageSchema, type ListQuery } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { rememberNextCursor, withListQuery } from '@/lib/vouchers-api';
import { CREDITS_POLL_MS } from './urls';

export const creditPageSchema = pageSchema(athleteCreditSchema);

export const transactionPageSchema = pageSchema(creditTransactionSchema);

export const live = { refetchInterval: CREDITS_POLL_MS, refetchOnWindowFocus: true, staleTime: 0 } as const;

export function usePagedList<T>(
  url: string,
  schema: { parse: (v: unknown) => T & { nextCursor?: string | null } },
  query: ListQuery,
) {
  const href = withListQuery(url, query);
  return useQuery({
    queryKey: [url, query],
    queryFn: async ({ signal }) =>
      rememberNextCursor(url, query, await apiJson(href, () => schema, { signal })),
    placeholderData: keepPreviousData,
    ...live,
  });
}
