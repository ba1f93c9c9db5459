import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { isInventoryQuery } from '@/lib/inventory-api';

/**
 * A stock move: sent with an Idempotency-Key, one per intent (`scope` and the input), kept across a
 * retry after a 5xx or a lost connection so that the move happens once.
 */
export function useInventoryMutation<TInput, TOutput>(
  scope: string,
  call: (input: TInput, headers: Record<string, string>) => Promise<TOutput>,
) {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn(`inventory:${scope}`, (input: TInput, key) =>
    call(input, idempotencyHeader(key)),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => isInventoryQuery(q.queryKey) }),
  });
}
