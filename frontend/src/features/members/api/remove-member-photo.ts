import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MEMBER_URLS } from '@/lib/members-api';

/** DELETE /api/members/{id}/photo. */
export function useRemoveMemberPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest(MEMBER_URLS.photo(id), { method: 'DELETE' });
    },
    onSuccess: () => queryClient.setQueryData([MEMBER_URLS.photo(id)], { photoUrl: null, updatedAt: null }),
  });
}
