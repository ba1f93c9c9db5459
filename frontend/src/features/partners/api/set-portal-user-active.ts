import { portalUserSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';

/** PATCH /api/partners/{id}/users/{userId} {isActive}: deactivating ends the user's sessions at once. */
export function useSetPortalUserActive(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      apiJson(PARTNER_URLS.user(partnerId, userId), () => portalUserSchema, {
        method: 'PATCH',
        body: { isActive },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PARTNER_URLS.users(partnerId)] }),
  });
}
