import {
  MEMBER_PHOTO_CONTENT_MESSAGE,
  MEMBER_PHOTO_MAX_BYTES,
  RPC,
  type MemberPhoto,
  type MemberPhotoFile,
  type MessageResponse,
  type RpcMeta,
  type RpcRequestPayload as In,
} from '@avpass/contracts';
import { AuditTrail, DomainError, requireSuperAdmin, Transactions } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { MemberPhotoUrls } from './member-photo-urls';
import { MemberPhotosRepository, type MemberPhotoVersion } from './member-photos.repository';
import { memberNotFound } from './members.service';

/** The same answer for every URL that does not lead to a photo (a bad or expired signature, none). */
const photoNotFound = () => DomainError.notFound('Photo');

/** A JPEG starts FF D8 FF (the gateway made it; checked again, as the service trusts no caller). */
const isJpeg = (content: Buffer) =>
  content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff;

/**
 * A member's photo (issue 43, decision 372): the administrator stores and removes it (audited, the
 * member's row locked, 404 for a member unknown or erased), and the signed URLs the till's pass card and
 * the member page load it from. Erasure and merge handle the photo in MembersService's transaction.
 */
@Injectable()
export class MemberPhotosService {
  constructor(
    private readonly transactions: Transactions,
    private readonly photos: MemberPhotosRepository,
    private readonly urls: MemberPhotoUrls,
    private readonly audit: AuditTrail,
  ) {}

  private answerOf(memberId: string, photo: MemberPhotoVersion | null): MemberPhoto {
    return photo
      ? {
          photoUrl: this.urls.signedPhotoPath(memberId, photo.version),
          updatedAt: photo.updatedAt.toISOString(),
        }
      : { photoUrl: null, updatedAt: null };
  }

  /** The photo's signed URL for the administrator's page (null when none); 404 for no such member. */
  async memberPhoto(memberId: string): Promise<MemberPhoto> {
    const member = await this.photos.photoOfMember(memberId);
    if (!member) throw memberNotFound();
    return this.answerOf(memberId, member.photo);
  }

  async putMemberPhoto(input: In<typeof RPC.members.putMemberPhoto>, meta: RpcMeta): Promise<MemberPhoto> {
    requireSuperAdmin(meta);
    const content = Buffer.from(input.contentBase64, 'base64');
    if (!isJpeg(content) || content.length > MEMBER_PHOTO_MAX_BYTES)
      throw DomainError.validation(MEMBER_PHOTO_CONTENT_MESSAGE, {
        contentBase64: [MEMBER_PHOTO_CONTENT_MESSAGE],
      });
    return this.transactions.run(async (tx) => {
      if (!(await this.photos.lockLiveMember(tx, input.id))) throw memberNotFound();
      const stored = await this.photos.storePhoto(tx, input.id, content, 'image/jpeg');
      this.audit.appendEntry(tx, meta, {
        action: 'members.member.updated',
        targetType: 'member',
        targetId: input.id,
        // The photo itself never enters the trail (personal data): only that it changed.
        changes: { photoVersion: { before: stored.before, after: stored.version } },
      });
      return this.answerOf(input.id, stored);
    });
  }

  /** Removes the photo (no entry when there was none); 404 for no such member. */
  async removeMemberPhoto(memberId: string, meta: RpcMeta): Promise<MessageResponse> {
    requireSuperAdmin(meta);
    await this.transactions.run(async (tx) => {
      if (!(await this.photos.lockLiveMember(tx, memberId))) throw memberNotFound();
      const removed = await this.photos.deletePhoto(tx, memberId);
      if (removed === null) return;
      this.audit.appendEntry(tx, meta, {
        action: 'members.member.updated',
        targetType: 'member',
        targetId: memberId,
        changes: { photoVersion: { before: removed, after: null } },
      });
    });
    return { message: 'Photo removed' };
  }

  /** The JPEG a signed URL names: 404 alike for a bad or expired signature, a changed photo or none. */
  async memberPhotoFile(input: In<typeof RPC.members.memberPhotoFile>): Promise<MemberPhotoFile> {
    const url = this.urls.verifiedPhotoUrl(input);
    const content = url ? await this.photos.photoContent(url.memberId, url.version) : null;
    if (!content) throw photoNotFound();
    return { contentType: 'image/jpeg', contentBase64: content.toString('base64') };
  }
}
