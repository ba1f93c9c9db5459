import { fromBase64Url, type PassVerifier } from '@avpass/domain';

/**
 * The till's Ed25519 check of a member pass offline (issue 43): WebCrypto where the browser has it
 * (`crypto.subtle` with Ed25519: Chrome 137+, Safari 17+, Firefox 129+), else @noble/ed25519's sync
 * verify with @noble/hashes' SHA-512. A page served over plain HTTP has no `crypto.subtle` at all, so
 * the fallback is not optional. Both are loaded only when a pass is judged offline (this module is
 * imported dynamically; noble is a chunk of its own, fetched only where WebCrypto cannot do it).
 * Both follow RFC 8032 as the server's node:crypto does (noble: `zip215: false`).
 */

export type VerifierKind = 'webcrypto' | 'noble';

/** RFC 8032's first test key: imported once to learn whether this browser's WebCrypto has Ed25519. */
const PROBE_KEY = Uint8Array.from(
  'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a'.match(/../g)!,
  (hex) => parseInt(hex, 16),
);
const ED25519 = { name: 'Ed25519' } as const;

/** A copy in a fresh ArrayBuffer (WebCrypto's BufferSource, whatever the view was cut from). */
const own = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** WebCrypto's Ed25519, or null where the browser has none (no `crypto.subtle`, or no Ed25519 in it). */
export async function webCryptoVerifier(subtle: SubtleCrypto | undefined): Promise<PassVerifier | null> {
  if (!subtle) return null;
  try {
    await subtle.importKey('raw', PROBE_KEY, ED25519, false, ['verify']);
  } catch {
    return null;
  }
  // One import per key (a till keeps two or three): a verify is then one call.
  const imported = new Map<string, Promise<CryptoKey>>();
  return async (publicKey, message, signature) => {
    let key = imported.get(publicKey);
    if (!key) {
      key = subtle.importKey('raw', own(fromBase64Url(publicKey)), ED25519, false, ['verify']);
      imported.set(publicKey, key);
    }
    try {
      return await subtle.verify(ED25519, await key, own(signature), own(message));
    } catch {
      return false; // a key that is not a point, say: not genuine
    }
  };
}

/** @noble/ed25519's synchronous verify (SHA-512 from @noble/hashes): pure JavaScript, any page. */
export async function nobleVerifier(): Promise<PassVerifier> {
  const [ed, { sha512 }] = await Promise.all([import('@noble/ed25519'), import('@noble/hashes/sha2.js')]);
  // @noble/hashes 1.x types its output over ArrayBufferLike; it is a plain Uint8Array.
  ed.hashes.sha512 = sha512 as typeof ed.hashes.sha512;
  const keys = new Map<string, Uint8Array>();
  return async (publicKey, message, signature) => {
    let key = keys.get(publicKey);
    if (!key) {
      key = fromBase64Url(publicKey);
      keys.set(publicKey, key);
    }
    try {
      return ed.verify(signature, message, key, { zip215: false });
    } catch {
      return false;
    }
  };
}

let chosen: Promise<{ kind: VerifierKind; verify: PassVerifier }> | null = null;

/** This browser's verifier, chosen once: WebCrypto when it can, else noble. */
export function passVerifier(): Promise<{ kind: VerifierKind; verify: PassVerifier }> {
  chosen ??= webCryptoVerifier(globalThis.crypto?.subtle)
    .then(async (web) =>
      web
        ? { kind: 'webcrypto' as const, verify: web }
        : { kind: 'noble' as const, verify: await nobleVerifier() },
    )
    .catch((error: unknown) => {
      chosen = null;
      throw error;
    });
  return chosen;
}
