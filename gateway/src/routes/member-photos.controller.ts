import {
  MEMBER_PHOTO_EDGE,
  MEMBER_PHOTO_FILE,
  MEMBER_PHOTO_UPLOAD_MAX_BYTES,
  MEMBER_PHOTO_URL_SECONDS,
  memberPhotoSchema,
  RPC,
  type MemberPhoto,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Controller, Delete, Get, Header, Param, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public, Roles } from '../auth/auth.decorators';
import { Limited } from '../http/request-limits';
import { ApiContract, ApiRpc } from '../http/openapi';
import { ServiceCaller, type AuthenticatedRequest } from '../rpc/service-caller';
import { ImageStore, type ImageFormRule } from '../uploads/image-store';
import { VENDOR_PHOTO_RULE } from '../uploads/uploads.controller';

/** A member's photo upload: a partner photo's size and words (field `photo`, up to 10 MB). */
export const MEMBER_PHOTO_RULE = {
  ...VENDOR_PHOTO_RULE,
  maxBytes: MEMBER_PHOTO_UPLOAD_MAX_BYTES,
} satisfies ImageFormRule;

/** A query value as one bounded string ('' when absent, repeated or not text): the service says 404. */
function queryText(query: Record<string, unknown>, key: string): string {
  const value = query[key];
  return typeof value === 'string' ? value.slice(0, 200) : '';
}

/**
 * A member's photo (issue 43, decision 372). The administrator uploads, reads and removes it; the
 * upload is read and judged here (ImageStore: size, real image content) and made a 256 px square JPEG,
 * so only that small file crosses NATS to the members service, which keeps it. The photo itself is
 * served by the signed URLs the members service hands out (the till's pass answer, the member page):
 * public, as an <img> sends no bearer token, and 404 alike for whatever does not verify.
 */
@ApiTags('members')
@Controller('api')
export class MemberPhotosController {
  constructor(
    private readonly services: ServiceCaller,
    private readonly images: ImageStore,
  ) {}

  /** The photo's signed URL (10 minutes), or null when the member has none. */
  @Roles('super_admin')
  @Get('members/:id/photo')
  @ApiBearerAuth()
  @Header('cache-control', 'private, no-store')
  @ApiRpc(RPC.members.memberPhoto)
  photo(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.memberPhoto, { id }, req);
  }

  /**
   * Multipart, field `photo`: a PNG, JPEG or WebP up to 10 MB (413 past it, 415 when it is not an
   * image), stored as a 256 px square JPEG; answers its signed URL. Replaces any earlier photo.
   */
  @Roles('super_admin')
  @Put('members/:id/photo')
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @Header('cache-control', 'private, no-store')
  @ApiContract({ response: memberPhotoSchema })
  async upload(@Param('id') id: string, @Req() req: AuthenticatedRequest): Promise<MemberPhoto> {
    const form = await this.images.receive(req, MEMBER_PHOTO_RULE);
    const jpeg = await this.images.squareJpeg(form.image, MEMBER_PHOTO_RULE, MEMBER_PHOTO_EDGE);
    return this.services.call(
      RPC.members.putMemberPhoto,
      { id, contentBase64: jpeg.toString('base64') },
      req,
    );
  }

  @Roles('super_admin')
  @Delete('members/:id/photo')
  @ApiBearerAuth()
  @ApiRpc(RPC.members.removeMemberPhoto)
  remove(@Param('id') id: string, @Req() req: AuthenticatedRequest) {
    return this.services.call(RPC.members.removeMemberPhoto, { id }, req);
  }

  /**
   * `/api/member-photos/<memberId>.jpg?v&exp&sig`: the JPEG of a URL the members service signed, for
   * the 10 minutes it works. No session: the signature is the permission. A wrong or expired
   * signature, a photo changed or removed since, a member erased: the same 404.
   */
  @Public()
  @Get('member-photos/:file')
  @Limited({
    name: 'member-photo',
    rates: [{ per: 'address', limit: (c) => c.MEMBER_PHOTO_RATE_PER_ADDRESS, windowSeconds: 60 }],
    message: 'Too many photo requests from this address. Please wait {seconds} seconds.',
  })
  @ApiProduces('image/jpeg')
  @ApiRpc(RPC.members.memberPhotoFile)
  async file(
    @Param('file') file: string,
    @Query() query: Record<string, unknown>,
    @Req() req: AuthenticatedRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const memberId = MEMBER_PHOTO_FILE.exec(file)?.[1];
    if (!memberId) throw DomainError.notFound('Photo');
    const photo = await this.services.call(
      RPC.members.memberPhotoFile,
      {
        memberId,
        version: queryText(query, 'v'),
        expires: queryText(query, 'exp'),
        signature: queryText(query, 'sig'),
      },
      req,
    );
    const data = Buffer.from(photo.contentBase64, 'base64');
    await reply
      .type(photo.contentType)
      .header('content-length', String(data.length))
      // The URL dies in 10 minutes and names the photo's version: the browser may keep it that long.
      .header('cache-control', `private, max-age=${MEMBER_PHOTO_URL_SECONDS}`)
      .header('x-content-type-options', 'nosniff')
      .send(data);
  }
}
