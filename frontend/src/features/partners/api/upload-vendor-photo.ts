import { uploadResponseSchema, type PhotoType } from '@avpass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api-client';
import { PARTNER_URLS } from './urls';

/** Spec section 9: vendor photos up to 10 MB. */
export const VENDOR_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export interface VendorPhotoUpload {
  file: File;
  vendorId: string;
  photoType: PhotoType;
}

/**
 * POST /api/upload/vendor-photo (multipart: photo, vendorId, photoType). With the vendorId the photo
 * becomes the partner's logo (the old one's file is deleted) or joins its gallery at once.
 */
export async function uploadVendorPhoto({ file, vendorId, photoType }: VendorPhotoUpload): Promise<string> {
  const { url } = await apiUpload(
    PARTNER_URLS.vendorPhoto,
    { vendorId, photoType, photo: file },
    uploadResponseSchema,
  );
  return url;
}

export function useUploadVendorPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVendorPhoto,
    onSuccess: async (_url, { vendorId }) => {
      await queryClient.invalidateQueries({ queryKey: [PARTNER_URLS.vendor(vendorId)] });
      await queryClient.invalidateQueries({ queryKey: [PARTNER_URLS.vendors] });
    },
  });
}
