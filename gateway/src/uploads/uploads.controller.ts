import { PHOTO_TYPES, RPC, uploadResponseSchema, type UploadResponse } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Roles } from '../auth/auth.decorators';
import { ApiContract } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore, type ImageUploadRule } from './image-store';
import { readMultipart } from './multipart';
import { UploadJanitor } from './upload-janitor';

/** Spec section 9: vendor photos up to 10 MB. */
export const VENDOR_PHOTO_RULE: ImageUploadRule = {
  maxBytes: 10 * 1024 * 1024,
  tooLargeMessage: 'Please select a file smaller than 10MB',
  notImageMessage: 'Please select an image file (PNG, JPG, JPEG).',
};

const vendorPhotoFields = z.object({
  vendorId: z.union([z.literal(''), z.string().uuid('Not a valid id')]).optional(),
  photoType: z.enum(PHOTO_TYPES, 'Photo type must be logo or gallery').default('gallery'),
});

@ApiTags('uploads')
@ApiBearerAuth()
@Controller('api/upload')
export class UploadsController {
  constructor(
    private readonly images: ImageStore,
    private readonly services: ServiceCaller,
    private readonly janitor: UploadJanitor,
  ) {}

  /** A logo or gallery photo; with vendorId it is attached to that partner at once. */
  @Roles('super_admin')
  @Post('vendor-photo')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiContract({ response: uploadResponseSchema })
  async vendorPhoto(@Req() req: AuthenticatedRequest): Promise<UploadResponse> {
    const form = await readMultipart(req, 'photo', VENDOR_PHOTO_RULE.maxBytes);
    if (!form.file || form.file.buffer.length === 0) {
      throw DomainError.validation('Please choose a photo to upload', {
        photo: ['Please choose a photo to upload'],
      });
    }
    if (form.file.truncated) throw new DomainError('PAYLOAD_TOO_LARGE', VENDOR_PHOTO_RULE.tooLargeMessage);
    const fields = vendorPhotoFields.safeParse(form.fields);
    if (!fields.success) {
      throw DomainError.validation(fields.error.issues[0]?.message ?? 'Invalid form', undefined);
    }
    const { vendorId, photoType } = fields.data;
    const before = vendorId ? await this.services.call(RPC.partners.get, { id: vendorId }, req) : null;
    const stored = await this.images.store(form.file.buffer, VENDOR_PHOTO_RULE);
    if (vendorId) {
      let after;
      try {
        after = await this.services.call(
          RPC.partners.addPhoto,
          { vendorId, photoType, url: stored.url },
          req,
        );
      } catch (error) {
        await this.images.delete(stored.url); // refused (gone, gallery full): no file left behind
        throw error;
      }
      await this.janitor.releaseDropped(before, after, req); // the logo it replaced
    }
    return stored;
  }
}
