import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiUpload } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';

/** The stored logo's URL: `logoUrl`, else `url`. */
const uploadLogoResponse = z
  .object({ logoUrl: z.string().optional(), url: z.string().optional() })
  .transform((answer) => answer.logoUrl ?? answer.url)
  .pipe(z.string());

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** POST /api/upload-logo (multipart field `logo`), answering the stored logo's URL. */
export function uploadLogo(file: File): Promise<string> {
  return apiUpload(VOUCHER_URLS.uploadLogo, { logo: file }, uploadLogoResponse, {
    invalidMessage: 'Failed to upload logo',
  });
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo });
}
