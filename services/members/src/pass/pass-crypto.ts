import type { PassVerifier } from '@avpass/domain';
import { createPrivateKey, createPublicKey, hkdfSync, verify, type KeyObject } from 'node:crypto';

/** PKCS#8 DER of an Ed25519 private key, before its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const HKDF_SALT = 'avpass member pass keys v1';

/** One signing key: its private half (in memory only) and its raw public key, base64url. */
export interface DerivedPassKey {
  keyId: number;
  privateKey: KeyObject;
  publicKey: string;
}

/**
 * The Ed25519 key pair of a key id, derived from MEMBER_PASS_SECRET (decision 363): HKDF-SHA256 of the
 * secret, info `member-pass key <id>`, gives the 32-byte seed. The same secret and id give the same
 * pair on every instance, so no private key is stored or shared, and the table holds only the public
 * halves and the schedule.
 */
export function derivePassKey(secret: string, keyId: number): DerivedPassKey {
  const seed = Buffer.from(hkdfSync('sha256', secret, HKDF_SALT, `member-pass key ${keyId}`, 32));
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  return { keyId, privateKey, publicKey: jwk.x as string };
}

const publicKeys = new Map<string, KeyObject>();

/** Ed25519 verification with node:crypto (the domain's PassVerifier), the public key as base64url. */
export const nodePassVerifier: PassVerifier = (publicKey, message, signature) => {
  let key = publicKeys.get(publicKey);
  if (!key) {
    try {
      key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: publicKey }, format: 'jwk' });
    } catch {
      return Promise.resolve(false);
    }
    if (publicKeys.size > 1000) publicKeys.clear();
    publicKeys.set(publicKey, key);
  }
  return Promise.resolve(verify(null, message, key, signature));
};
