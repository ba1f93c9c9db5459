import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { TRAINER_URLS } from './urls';

export const TRAINER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The stored image's URL. Read without zod, which this module would otherwise bring into the admin
 * dashboard's first load (issue 40); anything else throws, which `apiUpload` reports as 'Failed to upload image'.
 */
const uploadResponse = {
  parse(answer: unknown): { url: string } {
    const url = typeof answer === 'object' && answer !== null ? (answer as { url?: unknown }).url : undefined;
    if (Array.isArray(answer) || typeof url !== 'string')
      throw new TypeError('The upload answer names no image URL');
    return { url };
  },
};

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
