import { z } from 'zod';
import { uuidParam } from './common';

/**
 * A member's photo (issue 43, decision 372): shown on the till's pass card and on the administrator's
 * member page. Personal data, so never a public file: the members service keeps it (a 256 px square
 * JPEG the gateway made of the upload) and hands out short-lived signed URLs to it.
 */

/** The stored photo's edge, in pixels (a square, cover-cropped). */
export const MEMBER_PHOTO_EDGE = 256;
/** The largest upload the gateway reads (the same as a partner's photo). */
export const MEMBER_PHOTO_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** The largest stored JPEG the members service takes (a 256 px JPEG at quality 80 is 10–40 KB). */
export const MEMBER_PHOTO_MAX_BYTES = 200 * 1024;
/** How long a signed photo URL works. */
export const MEMBER_PHOTO_URL_SECONDS = 600;

/** The file segment of a photo URL: `/api/member-photos/<memberId>.jpg`. */
export const MEMBER_PHOTO_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg$/;

/** A signed photo URL (relative: the till and the administrator's page are on this origin). */
export function memberPhotoPath(
  memberId: string,
  version: number,
  expires: number,
  signature: string,
): string {
  return `/api/member-photos/${memberId}.jpg?v=${version}&exp=${expires}&sig=${signature}`;
}

/** GET, PUT /api/members/{id}/photo: the photo's signed URL (null when the member has none). */
export const memberPhotoSchema = z.object({
  photoUrl: z.string().nullable(),
  /** When the photo last changed (ISO), or null. */
  updatedAt: z.string().nullable(),
});
export type MemberPhoto = z.infer<typeof memberPhotoSchema>;

/** The photo in a member's export (everything held about them): the stored JPEG itself. */
export const memberExportPhotoSchema = z.object({
  contentType: z.literal('image/jpeg'),
  contentBase64: z.string(),
  updatedAt: z.string(),
});

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
export const MEMBER_PHOTO_CONTENT_MESSAGE = 'The photo must be a JPEG of at most 200 KB';

/** `members.photos.put.v1`: the JPEG the gateway normalised, base64 (well below NATS's 1 MB). */
export const putMemberPhotoRequestSchema = z.object({
  id: uuidParam,
  contentBase64: z
    .string()
    .max(Math.ceil(MEMBER_PHOTO_MAX_BYTES / 3) * 4, MEMBER_PHOTO_CONTENT_MESSAGE)
    .regex(BASE64, MEMBER_PHOTO_CONTENT_MESSAGE),
});

/**
 * `members.photos.file.v1`: a signed URL's parts, as the gateway read them. Any text is taken (bounded):
 * whatever does not verify is the same 404, so a caller learns nothing of which part was wrong.
 */
const urlPart = z.string().max(200);
export const memberPhotoFileRequestSchema = z.object({
  memberId: urlPart,
  version: urlPart,
  expires: urlPart,
  signature: urlPart,
});
export const memberPhotoFileSchema = z.object({
  contentType: z.literal('image/jpeg'),
  contentBase64: z.string(),
});
export type MemberPhotoFile = z.infer<typeof memberPhotoFileSchema>;
