import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { mergeDirectoryPages, type PartnerChoice } from './partner-choice';
import { directoryUrl, PARTNER_DIRECTORY_URL } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

const directoryPage = lazySchema((c) => c.pageSchema(c.vendorSchema));

/**
 * The partner directory as the picker reads it: one search (already debounced by the caller), its
 * pages by keyset, the next asked for as the list scrolls. Only while `enabled` (the list is open).
 */
export function usePartnerDirectory(search: string, enabled = true) {
  const term = search.trim();
  const query = useInfiniteQuery({
    queryKey: [PARTNER_DIRECTORY_URL, 'directory', term],
    queryFn: ({ pageParam, signal }) =>
      apiJson(directoryUrl({ search: term, cursor: pageParam }), directoryPage, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
    enabled,
    staleTime: 30_000,
  });
  const partners: PartnerChoice[] = mergeDirectoryPages(query.data?.pages ?? []).map((v) => ({
    id: v.id,
    name: v.name,
    logoUrl: v.logoUrl,
    email: v.email,
  }));
  return {
    partners,
    /** Partners matching the search in all (the first page's count). */
    total: query.data?.pages[0]?.total ?? null,
    isPending: query.isPending && enabled,
    isError: query.isError,
    error: query.error,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
