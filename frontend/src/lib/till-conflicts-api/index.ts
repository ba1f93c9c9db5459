import type { TillConflict, TillConflictsPage, TillConflictStatus } from '@avpass/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, newIdempotencyKey } from '@/lib/idempotency';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the first call, not with the dashboard it sits on (issue 40: no zod in a first load). */
const conflictsPage = lazySchema((c) => c.tillConflictsPageSchema);
const conflict = lazySchema((c) => c.tillConflictSchema);

/** "Needs attention" (issue 43): the administrator's and the partner till's list of offline redemptions refused at sync. */
export const TILL_CONFLICTS_URL = '/api/till/conflicts';
export const TILL_CONFLICTS_PAGE = 20;

export function getTillConflicts(
  status: TillConflictStatus,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TillConflictsPage> {
  const query = new URLSearchParams({ status, limit: String(TILL_CONFLICTS_PAGE) });
  if (cursor) query.set('cursor', cursor);
  return apiJson(`${TILL_CONFLICTS_URL}?${query.toString()}`, conflictsPage, { signal });
}

/** GET /api/till/conflicts (newest first, "Load more" follows nextCursor); polled every minute. */
export function useTillConflicts(status: TillConflictStatus) {
  return useInfiniteQuery({
    queryKey: [TILL_CONFLICTS_URL, status],
    queryFn: ({ pageParam, signal }) => getTillConflicts(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: 60_000,
  });
}

/** POST /api/till/conflicts/{id}/handle, one Idempotency-Key per click; the lists refetch after. */
export function useHandleTillConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<TillConflict> =>
      apiJson(`${TILL_CONFLICTS_URL}/${id}/handle`, conflict, {
        method: 'POST',
        headers: idempotencyHeader(newIdempotencyKey()),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TILL_CONFLICTS_URL] }),
  });
}
