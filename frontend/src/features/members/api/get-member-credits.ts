import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { isMissingRoute, MEMBER_URLS, withQuery } from '@/lib/members-api';

const memberCreditsSchema = lazySchema((c) => c.memberCreditsSchema);

/** Credits a page asks for ("Load more" asks for the next). */
export const MEMBER_CREDITS_PAGE = 50;

/**
 * GET /api/members/{id}/credits: the member's athlete credits, newest first, keyset-paged ("Load
 * more"), with their balance and how many there are (every page says both).
 */
export function useMemberCredits(id: string) {
  return useInfiniteQuery({
    queryKey: [MEMBER_URLS.credits(id)],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiJson(
        withQuery(MEMBER_URLS.credits(id), { cursor: pageParam, limit: MEMBER_CREDITS_PAGE }),
        memberCreditsSchema,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: (count, error) => !isMissingRoute(error) && count < 2,
  });
}
