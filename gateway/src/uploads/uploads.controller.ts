import { PHOTO_TYPES, RPC, uploadResponseSchema, type UploadResponse } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Roles } from '../auth/auth.decorators';
import { ApiContract } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore, type ImageFormRule } from './image-store';
import { UploadJanitor } from './upload-janitor';

/** Spec section 9: vendor photos up to 10 MB. */
export const VENDOR_PHOTO_RULE = {
  field: 'photo',
  missingMessage: 'Please choose a photo to upload',
  maxBytes: 10 * 1024 * 1024,
  tooLargeMessage: 'Please select a file smaller than 10MB',
  notImageMessage: 'Please select an image file (PNG, JPG, JPEG).',
} satisfies ImageFormRule;

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
    // Read first, store only once the fields and the partner are known to be good.
    const form = await this.images.receive(req, VENDOR_PHOTO_RULE);
    const fields = vendorPhotoFields.safeParse(form.fields);
    if (!fields.success) {
      throw DomainError.validation(fields.error.issues[0]?.message ?? 'Invalid form', undefined);
    }
    const { vendorId, photoType } = fields.data;
    const before = vendorId ? await this.services.call(RPC.partners.get, { id: vendorId }, req) : null;
    const stored = await this.images.store(form.image, VENDOR_PHOTO_RULE);
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
