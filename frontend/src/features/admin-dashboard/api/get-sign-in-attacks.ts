import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

export const SIGN_IN_ATTACKS_URL = '/api/admin/sign-in-attacks';
/** Cheap on the server (one Redis read, usually empty); an attack lasts minutes to hours. */
export const SIGN_IN_ATTACKS_POLL_MS = 30_000;

const attacksSchema = lazySchema((c) => c.signInAttackSchema.array());

/** GET /api/admin/sign-in-attacks: accounts whose sign-ins are being slowed down now. */
export const signInAttacksQuery = () =>
  queryOptions({
    queryKey: [SIGN_IN_ATTACKS_URL],
    queryFn: ({ signal }) => apiJson(SIGN_IN_ATTACKS_URL, attacksSchema, { signal }),
    staleTime: 0,
    refetchInterval: SIGN_IN_ATTACKS_POLL_MS,
  });

export function useSignInAttacks() {
  return useQuery(signInAttacksQuery());
}
