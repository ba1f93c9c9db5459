import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { INVENTORY_URLS, isInventoryQuery } from './urls';
import { lazySchema } from '@/lib/lazy-schema';

/** Loaded with the call, not with the screen (issue 40). */
const allocationSchema = lazySchema((c) => c.allocationSchema);

/** PUT /api/partner-allocations/{id} {usedQuantity, notes}, with an Idempotency-Key per intent. */
export function useUpdateUsage() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn(
    'inventory:usage',
    ({ id, usedQuantity, notes }: { id: string; usedQuantity: number; notes: string }, key) =>
      apiJson(`${INVENTORY_URLS.allocations}/${id}`, allocationSchema, {
        method: 'PUT',
        body: { usedQuantity, notes },
        headers: idempotencyHeader(key),
      }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isInventoryQuery(q.queryKey) }),
  });
}
