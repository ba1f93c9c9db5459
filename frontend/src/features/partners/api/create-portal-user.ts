import { portalUserSchema, type CreatePortalUserRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';

/** POST /api/partners/{id}/users. */
export function useCreatePortalUser(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePortalUserRequest) =>
      apiJson(PARTNER_URLS.users(partnerId), () => portalUserSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PARTNER_URLS.users(partnerId)] }),
  });
}
