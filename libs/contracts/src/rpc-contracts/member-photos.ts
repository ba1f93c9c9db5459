import { messageResponseSchema } from '../auth';
import {
  memberPhotoFileRequestSchema,
  memberPhotoFileSchema,
  memberPhotoSchema,
  putMemberPhotoRequestSchema,
} from '../member-photos';
import { byId, contract } from './contract';

/** The members service's subjects of a member's photo (issue 43, decision 372). */
export const memberPhotoContracts = {
  /** GET /api/members/{id}/photo (super_admin): a signed URL of the photo, or null. */
  'members.photos.get.v1': contract('memberPhoto', byId, memberPhotoSchema),
  /** PUT /api/members/{id}/photo (super_admin): the gateway's 256 px JPEG stored; the version moves on. */
  'members.photos.put.v1': contract('putMemberPhoto', putMemberPhotoRequestSchema, memberPhotoSchema),
  /** DELETE /api/members/{id}/photo (super_admin): the photo removed. */
  'members.photos.remove.v1': contract('removeMemberPhoto', byId, messageResponseSchema),
  /** GET /api/member-photos/{memberId}.jpg?v&exp&sig (public): the JPEG of a signed, unexpired URL. */
  'members.photos.file.v1': contract('memberPhotoFile', memberPhotoFileRequestSchema, memberPhotoFileSchema),
} as const;
