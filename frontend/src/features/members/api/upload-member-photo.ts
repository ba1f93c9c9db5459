import { MEMBER_PHOTO_UPLOAD_MAX_BYTES, memberPhotoSchema } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { MEMBER_URLS } from '@/lib/members-api';

/** The largest photo the page sends (the server refuses larger with the same words). */
export const MEMBER_PHOTO_MAX_BYTES = MEMBER_PHOTO_UPLOAD_MAX_BYTES;

/** PUT /api/members/{id}/photo (multipart field `photo`): stored as a 256 px square JPEG. */
export function useUploadMemberPhoto(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload(MEMBER_URLS.photo(id), { photo: file }, memberPhotoSchema, { method: 'PUT' }),
    onSuccess: (photo) => queryClient.setQueryData([MEMBER_URLS.photo(id)], photo),
  });
}
