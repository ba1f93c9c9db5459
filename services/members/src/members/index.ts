// The members folder's entry: what the import uses of it.
export { MembersRepository } from './members.repository';
export { MemberWritesRepository, type MemberFields, type NewMember } from './member-writes.repository';
export { phoneToE164, PHONE_MESSAGE, requirePhone, type ConsentChange } from './member-fields';
export { toMember, type MemberRow } from './member.mapper';
export { MEMBER_ERASURE_STEPS, type MemberErasureStep } from './erasure-steps';
export { memberNotFound, MembersService } from './members.service';
export { MemberPhotoUrls, memberPhotoSignature, memberPhotoUrlKey } from './member-photo-urls';
export { MemberPhotosRepository } from './member-photos.repository';
export { MemberPhotosService } from './member-photos.service';
export { MemberPhotosHandlers } from './member-photos.handlers';
