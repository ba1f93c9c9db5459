import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { MEMBER_URLS } from '@/lib/members-api';
import { importMembersResponseSchema } from '@avpass/contracts';

/** POST /api/members/import (multipart `file`, at most 10 MB): created, updated, unchanged, refused rows. */
export function useImportMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload(MEMBER_URLS.importCsv, { file }, importMembersResponseSchema, {
        invalidMessage: 'The import answered in a way this screen does not understand.',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MEMBER_URLS.list] }),
  });
}
