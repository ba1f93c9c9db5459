import type { CurrentUser } from '@avpass/contracts';
import { useAuthToken } from './auth-storage';
import { useCurrentUserQuery } from './get-current-user';

export type Session =
  | { status: 'signed-out'; user: null }
  | { status: 'checking'; user: null }
  | { status: 'signed-in'; user: CurrentUser }
  /** A token is stored but the check failed for another reason than 401 (gateway unreachable, 5xx). */
  | { status: 'unavailable'; user: null; retry: () => void };

/** Spec section 4: signed in when a token is stored and the current-user call returned a user. */
export function useSession(): Session {
  const token = useAuthToken();
  const query = useCurrentUserQuery();
  if (token === null) return { status: 'signed-out', user: null };
  if (query.data) return { status: 'signed-in', user: query.data };
  if (query.isError) return { status: 'unavailable', user: null, retry: () => void query.refetch() };
  return { status: 'checking', user: null };
}
