import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { isMissingRoute, MEMBER_URLS, withQuery } from '@/lib/members-api';

const heldVouchersPageSchema = lazySchema((c) => c.heldVouchersPageSchema);

/** GET /api/members/{id}/vouchers: the member's codes, active first, keyset-paged ("Load more"). */
export function useMemberVouchers(id: string) {
  return useInfiniteQuery({
    queryKey: [MEMBER_URLS.vouchers(id)],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiJson(withQuery(MEMBER_URLS.vouchers(id), { cursor: pageParam, limit: 20 }), heldVouchersPageSchema, {
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: (count, error) => !isMissingRoute(error) && count < 2,
  });
}
