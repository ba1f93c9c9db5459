import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token (decision 326): the delivery's id (random, never the member's) and an
 * HMAC-SHA256 of it under MEMBERS_LINK_SECRET, 16 bytes each, base64url: 44 characters nobody can make
 * for another delivery. Nothing is stored for it; a changed secret voids the links already sent.
 */
export class LinkTokens {
  constructor(private readonly secret: string) {}

  private mac(id: Buffer): Buffer {
    return createHmac('sha256', this.secret).update('unsubscribe:').update(id).digest().subarray(0, 16);
  }

  sign(deliveryId: string): string {
    const id = Buffer.from(deliveryId.replace(/-/g, ''), 'hex');
    return `${id.toString('base64url')}${this.mac(id).toString('base64url')}`;
  }

  /** The delivery id the token names, or null when it is not one of ours. */
  verify(token: string): string | null {
    if (token.length !== 44) return null;
    const id = Buffer.from(token.slice(0, 22), 'base64url');
    const given = Buffer.from(token.slice(22), 'base64url');
    if (id.length !== 16 || given.length !== 16 || !timingSafeEqual(given, this.mac(id))) return null;
    const hex = id.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
