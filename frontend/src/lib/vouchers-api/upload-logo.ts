import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { VOUCHER_URLS } from './urls';

/**
 * The stored logo's URL: `logoUrl`, else `url` (each a string when present). Read without zod, which
 * this module would otherwise bring into the company dashboard's first load (issue 40); anything else
 * throws, which `apiUpload` reports as 'Failed to upload logo'.
 */
const uploadLogoResponse = {
  parse(answer: unknown): string {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw new TypeError('The upload answer is not an object');
    }
    const { logoUrl, url } = answer as Record<string, unknown>;
    if (
      (logoUrl !== undefined && typeof logoUrl !== 'string') ||
      (url !== undefined && typeof url !== 'string')
    ) {
      throw new TypeError('The upload answer names no logo URL');
    }
    const stored = logoUrl ?? url;
    if (typeof stored !== 'string') throw new TypeError('The upload answer names no logo URL');
    return stored;
  },
};

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
