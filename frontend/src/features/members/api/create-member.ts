import { memberSchema, type CreateMemberRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { idempotencyHeader, useIdempotentMutationFn } from '@/lib/idempotency';
import { MEMBER_URLS } from '@/lib/members-api';

export type NewMember = Omit<CreateMemberRequest, 'idempotencyKey'>;

/**
 * POST /api/members with an Idempotency-Key per form content, kept until a definitive answer
 * (decision 80): a retry after a 503 cannot make the member twice.
 */
export function useCreateMember() {
  const queryClient = useQueryClient();
  const mutationFn = useIdempotentMutationFn('members-create', (body: NewMember, key: string) =>
    apiJson(MEMBER_URLS.list, () => memberSchema, {
      method: 'POST',
      body,
      headers: idempotencyHeader(key),
    }),
  );
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MEMBER_URLS.list] }),
  });
}
