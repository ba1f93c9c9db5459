/**
 * The member pass (issue 43): one code per member that changes every PASS_STEP_SECONDS, signed by the
 * club (Ed25519), so a screenshot or a forwarded picture stops working within PASS_MAX_AGE_SECONDS and a
 * till checks it without a connection from the public keys it keeps. Shared by the members service
 * (which signs), the gateway, and the till in the browser (which verifies offline): no Node or browser
 * API here, the signature check is passed in (`PassVerifier`).
 *
 * The code is `AVPM:` followed by 93 bytes in base32 (RFC 4648 alphabet, no padding): upper-case
 * letters and digits only, so the QR code encodes it in alphanumeric mode (154 characters: QR version 6
 * at error correction M, 41 × 41 modules).
 *
 *   byte  0       kind: 1 = rotating (the phone and Google Wallet's picture), 2 = static (Apple Wallet)
 *   bytes 1–4     key id (uint32, big-endian)
 *   bytes 5–20    member id (the UUID's 16 bytes)
 *   bytes 21–24   pass version (uint32): revoking a pass moves it on, older codes are refused
 *   bytes 25–28   time step (uint32): floor(unix seconds / 30); 0 for a static code
 *   bytes 29–92   Ed25519 signature over PASS_SIGNING_PREFIX + bytes 0–28
 */

export const PASS_PREFIX = 'AVPM:';
export const PASS_STEP_SECONDS = 30;
/** A code older than this (from the start of its step) is a screenshot: "Ask the member to open their pass". */
export const PASS_MAX_AGE_SECONDS = 90;
/** How many steps ahead of the checker's clock a code may be (a phone or till clock off by up to 30 s). */
export const PASS_SKEW_STEPS = 1;
/** Steps behind the checker's clock still accepted: the step shown, then skew, within PASS_MAX_AGE_SECONDS. */
export const PASS_PAST_STEPS = PASS_MAX_AGE_SECONDS / PASS_STEP_SECONDS - 1;

export const PASS_KINDS = { rotating: 1, static: 2 } as const;
export type PassKind = keyof typeof PASS_KINDS;

const HEADER_BYTES = 29;
const SIGNATURE_BYTES = 64;
export const PASS_TOKEN_BYTES = HEADER_BYTES + SIGNATURE_BYTES;
/** What is signed: a fixed prefix (no other signature of these keys can pass for a pass) and the header. */
export const PASS_SIGNING_PREFIX = 'avpass member pass v1\n';

export interface PassClaims {
  kind: PassKind;
  keyId: number;
  memberId: string;
  passVersion: number;
  /** 0 for a static code. */
  step: number;
}

export interface ParsedPass extends PassClaims {
  /** PASS_SIGNING_PREFIX + the header: the bytes the signature is over. */
  signed: Uint8Array;
  signature: Uint8Array;
}

/** The time step of an instant (ms since the epoch). */
export const passStepAt = (epochMs: number): number => Math.floor(epochMs / 1000 / PASS_STEP_SECONDS);
/** When a step begins (ms since the epoch). */
export const passStepStart = (step: number): number => step * PASS_STEP_SECONDS * 1000;

/** Whether a scanned or typed text is meant as a member pass (the till sends it to the pass check). */
export const looksLikePass = (text: string): boolean => text.trim().toUpperCase().startsWith(PASS_PREFIX);

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** null when a character is outside the alphabet. */
export function base32Decode(text: string): Uint8Array | null {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    const value = BASE32.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out[index++] = (buffer >>> (bits - 8)) & 255;
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

const encoder = new TextEncoder();
const PREFIX_BYTES = encoder.encode(PASS_SIGNING_PREFIX);

function uuidBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a UUID: ${uuid}`);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function uuidText(bytes: Uint8Array): string {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uint32 = (n: number, name: string): number => {
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new Error(`${name} must be a uint32: ${n}`);
  return n;
};

/** The bytes to sign for these claims (PASS_SIGNING_PREFIX + the 29-byte header). */
export function passSigningBytes(claims: PassClaims): Uint8Array {
  const header = new Uint8Array(HEADER_BYTES);
  const view = new DataView(header.buffer);
  header[0] = PASS_KINDS[claims.kind];
  view.setUint32(1, uint32(claims.keyId, 'keyId'));
  header.set(uuidBytes(claims.memberId), 5);
  view.setUint32(21, uint32(claims.passVersion, 'passVersion'));
  view.setUint32(25, uint32(claims.kind === 'static' ? 0 : claims.step, 'step'));
  const signed = new Uint8Array(PREFIX_BYTES.length + HEADER_BYTES);
  signed.set(PREFIX_BYTES);
  signed.set(header, PREFIX_BYTES.length);
  return signed;
}

/** The code for signed claims: `signature` is Ed25519 over passSigningBytes(claims). */
export function encodePass(claims: PassClaims, signature: Uint8Array): string {
  if (signature.length !== SIGNATURE_BYTES) throw new Error('An Ed25519 signature is 64 bytes');
  const token = new Uint8Array(PASS_TOKEN_BYTES);
  token.set(passSigningBytes(claims).subarray(PREFIX_BYTES.length));
  token.set(signature, HEADER_BYTES);
  return PASS_PREFIX + base32Encode(token);
}

/** The claims of a code, unverified; null when it is not a well-formed pass code. */
export function parsePass(text: string): ParsedPass | null {
  const trimmed = text.trim().toUpperCase();
  if (!trimmed.startsWith(PASS_PREFIX)) return null;
  const body = trimmed.slice(PASS_PREFIX.length);
  if (body.length !== Math.ceil((PASS_TOKEN_BYTES * 8) / 5)) return null;
  const bytes = base32Decode(body);
  if (!bytes || bytes.length !== PASS_TOKEN_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kind =
    bytes[0] === PASS_KINDS.rotating ? 'rotating' : bytes[0] === PASS_KINDS.static ? 'static' : null;
  if (!kind) return null;
  const step = view.getUint32(25);
  if ((kind === 'static') !== (step === 0)) return null;
  const signed = new Uint8Array(PREFIX_BYTES.length + HEADER_BYTES);
  signed.set(PREFIX_BYTES);
  signed.set(bytes.subarray(0, HEADER_BYTES), PREFIX_BYTES.length);
  return {
    kind,
    keyId: view.getUint32(1),
    memberId: uuidText(bytes.subarray(5, 21)),
    passVersion: view.getUint32(21),
    step,
    signed,
    signature: bytes.slice(HEADER_BYTES),
  };
}

/** A public key the checker keeps: which codes it may vouch for, and until when. */
export interface PassPublicKey {
  keyId: number;
  /** The raw 32-byte Ed25519 public key, base64url. */
  publicKey: string;
  /** ISO: codes of steps before this were not signed by it. */
  notBefore: string;
  /** ISO: after this the key vouches for nothing (it stopped signing PASS_MAX_AGE_SECONDS before, at least). */
  verifyUntil: string;
}

/** Ed25519 verification, supplied by the caller (node:crypto, WebCrypto, or @noble/ed25519). */
export type PassVerifier = (
  publicKey: string,
  message: Uint8Array,
  signature: Uint8Array,
) => Promise<boolean>;

/** Why a pass code is refused (also its code in MESSAGE_CODES: `member-pass.<refusal>`). */
export const PASS_REFUSALS = ['not_a_pass', 'not_genuine', 'stale', 'revoked', 'second_factor'] as const;
export type PassRefusal = (typeof PASS_REFUSALS)[number];

export type PassJudgement =
  | { ok: true; claims: PassClaims }
  | { ok: false; refusal: PassRefusal; claims?: PassClaims };

export interface JudgePassOptions {
  /** The checker's clock (the server's, or the till's while offline). */
  nowMs: number;
  keys: readonly PassPublicKey[];
  verify: PassVerifier;
  /**
   * The member's current pass version when the checker knows it (online: the member's row; offline:
   * the till's revocation list, else undefined). A code of an older version is refused as revoked.
   */
  currentVersion?: number;
}

/**
 * Whether a code is a genuine, current pass: well formed, signed by a key the checker keeps for that
 * moment, of the member's current version, and (rotating) of a step within PASS_PAST_STEPS behind and
 * PASS_SKEW_STEPS ahead of the checker's clock. A static code is genuine here; the caller asks for the
 * second factor.
 */
export async function judgePass(text: string, options: JudgePassOptions): Promise<PassJudgement> {
  const parsed = parsePass(text);
  if (!parsed) return { ok: false, refusal: 'not_a_pass' };
  const { signed, signature, ...claims } = parsed;
  const key = options.keys.find((k) => k.keyId === parsed.keyId);
  if (!key || options.nowMs > Date.parse(key.verifyUntil))
    return { ok: false, refusal: 'not_genuine', claims };
  if (!(await options.verify(key.publicKey, signed, signature)))
    return { ok: false, refusal: 'not_genuine', claims };
  // A genuine code out of its time is a screenshot ("Ask the member to open their pass") whatever key
  // signed it; one in its time but of a step before its key began signing was not made by us.
  if (parsed.kind === 'rotating') {
    const now = passStepAt(options.nowMs);
    if (parsed.step < now - PASS_PAST_STEPS || parsed.step > now + PASS_SKEW_STEPS)
      return { ok: false, refusal: 'stale', claims };
    if (passStepStart(parsed.step) < Date.parse(key.notBefore) - PASS_STEP_SECONDS * 1000)
      return { ok: false, refusal: 'not_genuine', claims };
  }
  if (options.currentVersion !== undefined && parsed.passVersion < options.currentVersion)
    return { ok: false, refusal: 'revoked', claims };
  return { ok: true, claims };
}

/** base64url of raw bytes, and back (public keys travel so). */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
