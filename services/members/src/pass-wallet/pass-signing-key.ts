import { createPrivateKey, hkdfSync, sign, type KeyObject } from 'node:crypto';

/**
 * The member pass's signing key as of now, derived from MEMBER_PASS_SECRET with HKDF per key id (the
 * design of issue 43: no private key is stored). Stand-in for the members service's key module (keys
 * table, rotation every MEMBER_PASS_KEY_DAYS, grace): when that lands, `members.pass.static-code.v1`
 * signs with it instead and this file goes. Kept small and apart so the merge is one import.
 */
export const PASS_KEY_DAYS = 30;
const DAY_MS = 86_400_000;
/** PKCS#8 DER of an Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export const passKeyIdAt = (epochMs: number, days = PASS_KEY_DAYS): number =>
  Math.floor(epochMs / (days * DAY_MS));

export function passSigningKey(masterSecret: string, keyId: number): KeyObject {
  const seed = Buffer.from(hkdfSync('sha256', masterSecret, 'avpass member pass keys', `key ${keyId}`, 32));
  return createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** Ed25519 over the message (node:crypto's one-shot sign; the algorithm comes from the key). */
export const signWith = (key: KeyObject, message: Uint8Array): Uint8Array =>
  new Uint8Array(sign(null, message, key));
