import { tillConflictSchema, tillConflictsPageSchema, type TillConflictsPage } from '@avpass/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, IdempotencyKeys } from '@/lib/idempotency';
import { TILL_URLS } from './urls';

/** How many of the till's open conflicts it shows (the newest; the administrator's list has them all). */
export const TILL_CONFLICTS_SHOWN = 20;

/**
 * GET /api/till/conflicts (issue 43): this shop's redemptions kept offline and refused when they
 * reached the server (any till of the partner; the administrator: every till), not yet handled.
 * Refreshed every minute, and when this till's queue has sent something (`sent`).
 */
export function useTillConflicts(sent: number) {
  return useQuery({
    queryKey: [TILL_URLS.conflicts, sent],
    queryFn: ({ signal }) =>
      apiJson<TillConflictsPage>(
        `${TILL_URLS.conflicts}?status=open&limit=${TILL_CONFLICTS_SHOWN}`,
        () => tillConflictsPageSchema,
        { signal },
      ),
    refetchInterval: 60_000,
    retry: false,
  });
}

const handleKeys = new IdempotencyKeys('till:conflict-handle');

/** POST /api/till/conflicts/{id}/handle with its Idempotency-Key: marked handled, gone from the list. */
export function useHandleTillConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      handleKeys.run(id, (key) =>
        apiJson(`${TILL_URLS.conflicts}/${id}/handle`, () => tillConflictSchema, {
          method: 'POST',
          headers: idempotencyHeader(key),
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TILL_URLS.conflicts] }),
  });
}
