import { portalUserSchema } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';

const portalUsers = portalUserSchema.array();

/** GET /api/partners/{id}/users. */
export const portalUsersQueryOptions = (partnerId: string) =>
  queryOptions({
    queryKey: [PARTNER_URLS.users(partnerId)],
    queryFn: ({ signal }) => apiJson(PARTNER_URLS.users(partnerId), () => portalUsers, { signal }),
    staleTime: 0,
  });

export function usePortalUsers(partnerId: string) {
  return useQuery(portalUsersQueryOptions(partnerId));
}
