import { memberSchema, type UpdateMemberRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { MEMBER_URLS } from '@/lib/members-api';

/** PATCH /api/members/{id}: only the fields sent change. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateMemberRequest }) =>
      apiJson(MEMBER_URLS.member(id), () => memberSchema, { method: 'PATCH', body: changes }),
    onSuccess: async (member) => {
      queryClient.setQueryData([MEMBER_URLS.member(member.id)], member);
      await queryClient.invalidateQueries({ queryKey: [MEMBER_URLS.list] });
    },
  });
}
