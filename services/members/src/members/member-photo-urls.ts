import { memberPhotoPath, MEMBER_PHOTO_URL_SECONDS } from '@avpass/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { CLOCK, type Clock } from '../clock';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';

const HKDF_SALT = 'avpass member photos v1';
const HKDF_INFO = 'member-photo urls';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const WHOLE = /^[1-9]\d{0,11}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The URL key, derived from MEMBER_PASS_SECRET under its own label (no pass key is ever reused). */
export function memberPhotoUrlKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, HKDF_INFO, 32));
}

/** HMAC-SHA256 of `<memberId>.<version>.<expires>`, base64url. */
export function memberPhotoSignature(
  key: Buffer,
  memberId: string,
  version: number,
  expires: number,
): string {
  return createHmac('sha256', key).update(`${memberId}.${version}.${expires}`).digest('base64url');
}

/** What a signed URL names once it verified. */
export interface VerifiedPhotoUrl {
  memberId: string;
  version: number;
}

/**
 * The member photo's capability URLs (decision 372): `/api/member-photos/<id>.jpg?v&exp&sig`, an HMAC
 * of the member, the photo's version and the expiry (MEMBER_PHOTO_URL_SECONDS from now), so an <img>
 * loads the photo with no bearer token and a URL stops working when it expires or the photo changes.
 */
@Injectable()
export class MemberPhotoUrls {
  private readonly key: Buffer;

  constructor(
    @Inject(MEMBERS_CONFIG) config: MembersConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.key = memberPhotoUrlKey(config.MEMBER_PASS_SECRET);
  }

  /** A URL of this version of the member's photo, working for the next 10 minutes. */
  signedPhotoPath(memberId: string, version: number, now: Date = this.clock()): string {
    const expires = Math.floor(now.getTime() / 1000) + MEMBER_PHOTO_URL_SECONDS;
    return memberPhotoPath(
      memberId,
      version,
      expires,
      memberPhotoSignature(this.key, memberId, version, expires),
    );
  }

  /** The member and version of a genuine, unexpired URL's parts; null for anything else, whatever it is. */
  verifiedPhotoUrl(
    parts: { memberId: string; version: string; expires: string; signature: string },
    now: Date = this.clock(),
  ): VerifiedPhotoUrl | null {
    const { memberId, version, expires, signature } = parts;
    if (!UUID.test(memberId) || !WHOLE.test(version) || !WHOLE.test(expires) || !SIGNATURE.test(signature))
      return null;
    const expected = Buffer.from(memberPhotoSignature(this.key, memberId, Number(version), Number(expires)));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
    if (Number(expires) * 1000 <= now.getTime()) return null;
    return { memberId, version: Number(version) };
  }
}
