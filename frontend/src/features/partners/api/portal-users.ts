import { portalUserSchema, type CreatePortalUserRequest } from '@avpass/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';

const portalUsers = portalUserSchema.array();

/** GET /api/partners/{id}/users. */
export const portalUsersQueryOptions = (partnerId: string) =>
  queryOptions({
    queryKey: [PARTNER_URLS.users(partnerId)],
    queryFn: ({ signal }) => apiJson(PARTNER_URLS.users(partnerId), portalUsers, { signal }),
    staleTime: 0,
  });

export function usePortalUsers(partnerId: string) {
  return useQuery(portalUsersQueryOptions(partnerId));
}

/** POST /api/partners/{id}/users. */
export function useCreatePortalUser(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePortalUserRequest) =>
      apiJson(PARTNER_URLS.users(partnerId), portalUserSchema, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PARTNER_URLS.users(partnerId)] }),
  });
}

/** PATCH /api/partners/{id}/users/{userId} {isActive}: deactivating ends the user's sessions at once. */
export function useSetPortalUserActive(partnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      apiJson(PARTNER_URLS.user(partnerId, userId), portalUserSchema, {
        method: 'PATCH',
        body: { isActive },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PARTNER_URLS.users(partnerId)] }),
  });
}
