import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';
import { logoFileProblem } from '@/lib/logo-file';
import { VENDOR_PHOTO_MAX_BYTES } from '../api/upload-vendor-photo';

/**
 * Spec section 5: a partner photo is an image under 10MB ('File Too Large' otherwise), said in the
 * reader's language.
 */
export function vendorPhotoProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  t: Translate<MessageId>,
): { title: string; description: string } | null {
  const problem = logoFileProblem(file, VENDOR_PHOTO_MAX_BYTES);
  if (!problem) return null;
  return problem.title === 'File Too Large'
    ? {
        title: t('partners.photo.tooLarge'),
        description: t('partners.photo.tooLargeText', {
          mb: Math.round(VENDOR_PHOTO_MAX_BYTES / (1024 * 1024)),
        }),
      }
    : { title: t('partners.photo.wrongType'), description: t('partners.photo.wrongTypeText') };
}

export const PHOTO_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';
