import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * A sign-in's secrets, made from its row's id (random) by a key only the service holds (decision 339):
 * the outgoing mail and SMS rows keep a placeholder and the worker renders the link or the code when it
 * sends, so no table holds a secret a database reader could sign in with. A link's token is stored as
 * its SHA-256 (256 bits: nothing to guess); a 6-digit code only as a keyed HMAC, since a plain hash of a
 * million possible codes is undone in a moment. A changed key voids the links and codes not yet used.
 */
export class SignInSecrets {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('members.sign-in-secrets').digest();
  }

  private mac(...parts: string[]): Buffer {
    return createHmac('sha256', this.key).update(parts.join(':')).digest();
  }

  /** The magic link's token of sign-in `id` (43 characters, base64url). */
  linkToken(id: string): string {
    return this.mac('link', id).toString('base64url');
  }

  /** The 6-digit code of sign-in `id`. */
  code(id: string): string {
    return String(this.mac('code', id).readUInt32BE(0) % 1_000_000).padStart(6, '0');
  }

  /** What member_sign_ins keeps of a code: keyed and salted with its row's id. */
  codeHash(id: string, code: string): string {
    return this.mac('code-hash', id, code).toString('base64url');
  }

  codeMatches(id: string, code: string, stored: string): boolean {
    const given = Buffer.from(this.codeHash(id, code));
    const kept = Buffer.from(stored);
    return given.length === kept.length && timingSafeEqual(given, kept);
  }
}
