import type { CurrentUser } from '@avpass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '../api-client';
import { useAuthToken } from './auth-storage';
import { CURRENT_USER_URL } from './current-user-url';
import { offlineUser, rememberUser } from './offline-user';

/** Loaded with the call, not with the app (issue 40: no schema library in the first load). */
const currentUserSchema = () => import('@avpass/contracts/session').then((m) => m.currentUserSchema);

export { CURRENT_USER_URL };

/** The signed-in user; without any answer (offline), on the till, the user last confirmed for this token. */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUser> {
  try {
    const user = await apiJson(CURRENT_USER_URL, currentUserSchema, { signal });
    rememberUser(user);
    return user;
  } catch (error) {
    const kept = error instanceof ApiError || signal?.aborted ? null : await offlineUser();
    if (kept) return kept;
    throw error;
  }
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
