import { logoFileProblem } from '@/lib/logo-file';
import { VENDOR_PHOTO_MAX_BYTES } from '../api/upload-vendor-photo';

/** Spec section 5: a partner photo is an image under 10MB ('File Too Large' otherwise). */
export function vendorPhotoProblem(file: Pick<File, 'name' | 'type' | 'size'>) {
  return logoFileProblem(file, VENDOR_PHOTO_MAX_BYTES);
}

export const PHOTO_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
