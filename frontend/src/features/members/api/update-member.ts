import { memberSchema, type UpdateMemberRequest } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { AUDIT_URLS } from '@/lib/audit-api';
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
      // The member's history on their page: the change is an entry of the audit trail now.
      await queryClient.invalidateQueries({ queryKey: [AUDIT_URLS.list] });
    },
  });
}
