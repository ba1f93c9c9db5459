import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { MEMBER_URLS } from '@/lib/members-api';

const memberPhotoSchema = lazySchema((c) => c.memberPhotoSchema);

/**
 * GET /api/members/{id}/photo: a signed URL of the member's photo, working 10 minutes (decision 372),
 * or null. Fresh for 5 minutes, so a page drawn again later asks for a URL that still works.
 */
export function useMemberPhoto(id: string) {
  return useQuery({
    queryKey: [MEMBER_URLS.photo(id)],
    queryFn: ({ signal }) => apiJson(MEMBER_URLS.photo(id), memberPhotoSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}
