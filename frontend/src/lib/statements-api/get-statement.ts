import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { STATEMENT_URLS, withQuery } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const statementDetailSchema = lazySchema((c) => c.statementDetailSchema);

/** GET /api/statements/{id}: the statement and its lines, a page at a time (Load more: the next cursor). */
export function useStatement(id: string) {
  const url = STATEMENT_URLS.statement(id);
  return useInfiniteQuery({
    queryKey: [url],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiJson(withQuery(url, { cursor: pageParam, limit: 200 }), statementDetailSchema, { signal }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}
