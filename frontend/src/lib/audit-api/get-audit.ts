import { auditPageSchema, type AuditQuery } from '@avpass/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { AUDIT_URLS, auditUrl } from './urls';

export const AUDIT_PAGE_SIZE = 50;

/**
 * GET /api/audit, newest first, keyset-paged: each page's `nextCursor` asks for the next ("Load
 * more"). The server scopes it: the administrator reads everything, a company_admin its company's.
 */
export function useAuditEntries(filters: Omit<AuditQuery, 'cursor' | 'limit'>) {
  return useInfiniteQuery({
    queryKey: [AUDIT_URLS.list, filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiJson(
        auditUrl(AUDIT_URLS.list, { ...filters, cursor: pageParam, limit: AUDIT_PAGE_SIZE }),
        () => auditPageSchema,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}
