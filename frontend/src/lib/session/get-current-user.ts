import { currentUserSchema, type CurrentUser } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '../api-client';
import { useAuthToken } from './auth-storage';

export const CURRENT_USER_URL = '/api/auth/user';

export function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  return apiJson(CURRENT_USER_URL, currentUserSchema, { signal });
}

/** Spec section 7: fetched only while a token is stored, and always stale (re-checked on each mount). */
export function currentUserQueryOptions(hasToken: boolean) {
  return queryOptions({
    queryKey: [CURRENT_USER_URL],
    queryFn: ({ signal }) => getCurrentUser({ signal }),
    enabled: hasToken,
    staleTime: 0,
  });
}

export function useCurrentUserQuery() {
  const token = useAuthToken();
  return useQuery(currentUserQueryOptions(token !== null));
}
