import { memberSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { AUDIT_URLS } from '@/lib/audit-api';
import { MEMBER_URLS } from '@/lib/members-api';

/** POST /api/members/{id}/merge {from}: `from` joins `id` and is gone afterwards. */
export function useMergeMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, from }: { id: string; from: string }) =>
      apiJson(MEMBER_URLS.merge(id), () => memberSchema, { method: 'POST', body: { from } }),
    onSuccess: async (member, { from }) => {
      queryClient.setQueryData([MEMBER_URLS.member(member.id)], member);
      queryClient.removeQueries({ queryKey: [MEMBER_URLS.member(from)] });
      await queryClient.invalidateQueries({ queryKey: [MEMBER_URLS.list] });
      await queryClient.invalidateQueries({ queryKey: [AUDIT_URLS.list] });
    },
  });
}
