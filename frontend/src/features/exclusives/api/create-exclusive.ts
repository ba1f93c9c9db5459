import { exclusiveSchema, type CreateExclusiveRequest, type Exclusive } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { EXCLUSIVES_URL } from './urls';

export function createExclusive(body: CreateExclusiveRequest): Promise<Exclusive> {
  return apiJson(EXCLUSIVES_URL, () => exclusiveSchema, { method: 'POST', body });
}

export function useCreateExclusive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExclusive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [EXCLUSIVES_URL] }),
  });
}
