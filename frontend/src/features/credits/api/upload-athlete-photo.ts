import { z } from 'zod';
import { apiUpload } from '@/lib/api-client';
import { CREDIT_URLS } from './urls';

const photoResponse = z.object({ url: z.string() });

export const ATHLETE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/upload/athlete-photo (multipart field `photo`): the stored photo's URL. */
export async function uploadAthletePhoto(file: File): Promise<string> {
  const { url } = await apiUpload(CREDIT_URLS.uploadPhoto, { photo: file }, photoResponse, {
    invalidMessage: 'Failed to upload image',
  });
  return url;
}
