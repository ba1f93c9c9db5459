import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUpload } from '@/lib/api-client';
import { TRAINER_URLS } from './urls';

export const TRAINER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const uploadResponse = z.object({ url: z.string() });

/** POST /api/upload-trainer-image (multipart field `image`), answering the stored image's URL. */
export async function uploadTrainerImage(file: File): Promise<string> {
  const { url } = await apiUpload(TRAINER_URLS.uploadImage, { image: file }, uploadResponse, {
    invalidMessage: 'Failed to upload image',
  });
  return url;
}

export function useUploadTrainerImage() {
  return useMutation({ mutationFn: uploadTrainerImage });
}
