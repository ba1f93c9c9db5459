import type { StatementSort, StatementStatus } from '@avpass/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { STATEMENT_URLS, withQuery } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const statementPageSchema = lazySchema((c) => c.statementPageSchema);

export interface StatementListQuery {
  period?: string;
  status?: StatementStatus;
  partnerId?: string;
  sort?: StatementSort;
  order?: 'asc' | 'desc';
  cursor?: string;
  limit?: number;
}

export const statementListUrl = (query: StatementListQuery) =>
  withQuery(STATEMENT_URLS.list, { ...query, limit: query.limit ?? 200 });

/** GET /api/statements: newest first or by `sort`; the administrator every partner's, a partner its own. */
export function useStatements(query: StatementListQuery) {
  const url = statementListUrl(query);
  return useQuery({
    queryKey: [STATEMENT_URLS.list, url],
    queryFn: ({ signal }) => apiJson(url, statementPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}
