import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { MEMBER_URLS } from '@/lib/members-api';

const memberSchema = lazySchema((c) => c.memberSchema);

/** GET /api/members/{id}. */
export function useMember(id: string) {
  return useQuery({
    queryKey: [MEMBER_URLS.member(id)],
    queryFn: ({ signal }) => apiJson(MEMBER_URLS.member(id), memberSchema, { signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}
