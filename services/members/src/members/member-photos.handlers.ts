import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MemberPhotosService } from './member-photos.service';

/** A member's photo (decision 372): the administrator's (the gateway checks the role) and the signed file. */
@Controller()
export class MemberPhotosHandlers {
  constructor(private readonly photos: MemberPhotosService) {}

  @RpcHandler(RPC.members.memberPhoto)
  memberPhoto({ id }: In<typeof RPC.members.memberPhoto>) {
    return this.photos.memberPhoto(id);
  }

  @RpcHandler(RPC.members.putMemberPhoto)
  putMemberPhoto(input: In<typeof RPC.members.putMemberPhoto>, meta: RpcMeta) {
    return this.photos.putMemberPhoto(input, meta);
  }

  @RpcHandler(RPC.members.removeMemberPhoto)
  removeMemberPhoto({ id }: In<typeof RPC.members.removeMemberPhoto>, meta: RpcMeta) {
    return this.photos.removeMemberPhoto(id, meta);
  }

  /** Public through the gateway: the signed URL is the capability (no actor needed). */
  @RpcHandler(RPC.members.memberPhotoFile)
  memberPhotoFile(input: In<typeof RPC.members.memberPhotoFile>) {
    return this.photos.memberPhotoFile(input);
  }
}
