import type { PublicPartner } from '@avpass/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

export const PUBLIC_PARTNERS_URL = '/api/public/partners';

/** Loaded with the first call, not with the landing page (issue 40: no schema library in the first load). */
const publicPartnerPageSchema = () =>
  import('@avpass/contracts/partners').then((m) => m.publicPartnerPageSchema);

/** The three featured partners come first in the unsearched list (spec §2). */
export const FEATURED_PARTNERS = 3;
/** Partners a "Show more" adds: whole rows of 2, 3 or 4 cards. */
export const PUBLIC_PARTNERS_PAGE_SIZE = 24;

/**
 * One page's URL; without its cursor, the query key of one search (keys are the API's URLs). The
 * unsearched first page also carries the featured partners, so the grid below them starts full.
 */
export function publicPartnersUrl(search: string, cursor?: string | null): string {
  const first = !search && !cursor;
  const limit = PUBLIC_PARTNERS_PAGE_SIZE + (first ? FEATURED_PARTNERS : 0);
  const params = new URLSearchParams({ limit: String(limit) });
  if (search) params.set('search', search);
  if (cursor) params.set('cursor', cursor);
  return `${PUBLIC_PARTNERS_URL}?${params.toString()}`;
}

/**
 * GET /api/public/partners?limit=&search=&cursor=: every active partner in the order they joined, one
 * keyset page at a time, so the newest partner is as findable as the oldest (issue 24). Without a
 * search this is also where the featured partners come from (the first three).
 */
export function usePublicPartners(search: string) {
  const term = search.trim();
  const query = useInfiniteQuery({
    queryKey: [publicPartnersUrl(term)],
    queryFn: ({ pageParam, signal }) =>
      apiJson(publicPartnersUrl(term, pageParam), publicPartnerPageSchema, { signal, token: null }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
  const partners: PublicPartner[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  return {
    partners,
    /** Every partner the search matches (the first page counts them); undefined from an older server. */
    total: query.data?.pages[0]?.total,
    isPending: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
    refetch: () => void query.refetch(),
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
