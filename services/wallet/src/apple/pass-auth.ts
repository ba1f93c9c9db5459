import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The per-pass authentication token of Apple's web service protocol. Derived, not stored: the HMAC
 * of the pass's serial number under a secret of the deployment's own (the hash of the pass signing
 * key, which only this deployment has), so every pass has its own token, a rebuilt pass keeps it, and
 * no table of tokens can leak. 43 characters (Apple asks for at least 16).
 */
export function passTokenSecret(signerKeyPem: string): Buffer {
  return createHash('sha256').update('avpass-wallet-pass-token\0').update(signerKeyPem).digest();
}

export function passAuthToken(secret: Buffer, serialNumber: string): string {
  return createHmac('sha256', secret).update(serialNumber).digest('base64url');
}

/** True when `Authorization: ApplePass <token>` carries the pass's token (compared in constant time). */
export function isPassAuthorized(header: string | undefined, secret: Buffer, serialNumber: string): boolean {
  const match = header ? /^ApplePass ([A-Za-z0-9_-]{16,200})$/.exec(header.trim()) : null;
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(passAuthToken(secret, serialNumber));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
