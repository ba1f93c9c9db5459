import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { isMissingRoute, MEMBER_URLS } from '@/lib/members-api';

const memberCreditsSchema = lazySchema((c) => c.memberCreditsSchema);

/** GET /api/members/{id}/credits: the member's athlete credits (newest 50) and their balance. */
export function useMemberCredits(id: string) {
  return useQuery({
    queryKey: [MEMBER_URLS.credits(id)],
    queryFn: ({ signal }) => apiJson(MEMBER_URLS.credits(id), memberCreditsSchema, { signal }),
    retry: (count, error) => !isMissingRoute(error) && count < 2,
  });
}
