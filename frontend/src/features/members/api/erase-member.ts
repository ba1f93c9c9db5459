import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MEMBER_URLS } from '@/lib/members-api';

/** DELETE /api/members/{id}: erasure on request (the row is scrubbed, redemptions anonymised). */
export function useEraseMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(MEMBER_URLS.member(id), { method: 'DELETE' });
    },
    onSuccess: async (_none, id) => {
      queryClient.removeQueries({ queryKey: [MEMBER_URLS.member(id)] });
      await queryClient.invalidateQueries({ queryKey: [MEMBER_URLS.list] });
    },
  });
}
