/**
 * The member pass in Google Wallet (issue 43): Google draws the QR itself, from a pattern we set on the
 * pass object and a TOTP secret we set through its REST API (never in the save link's JWT). Google
 * supports only RFC 6238 TOTP with SHA-1 (`TOTP_SHA1`), a period in milliseconds and a value length in
 * digits; we take the pass's own step (PASS_STEP_SECONDS, 30 s) and 8 digits. The till cannot check
 * such a code offline (it would need every member's secret): only the server judges it.
 *
 * The code Google shows:
 *
 *   AVPT:<member>-<pass version>-<unix seconds>-<8 digits>
 *   AVPT:B6PI27DLLJBSDD7NZOUYOZKDEE-1-1796126400-43080117
 *
 * `<member>` is the member id's 16 bytes in base32 (26 characters, as the signed pass writes bytes),
 * the version and the seconds are decimal (Google's `{totp_timestamp_seconds}`), the digits Google's
 * `{totp_value_0}`. Upper-case letters, digits, ':' and '-' only: a QR code holds it in alphanumeric
 * mode (53 characters for a version below 10: QR version 3 at error correction M, 29 × 29 modules).
 *
 * The secret is per member and pass version: HMAC-SHA256(MEMBER_PASS_SECRET, 'totp:<member id>:<version>'),
 * so revoking a pass (its version moves on) changes the secret, and nothing is stored.
 *
 * Plain JavaScript hashing (@noble/hashes), so it runs in Node and in a browser alike.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  base32Decode,
  base32Encode,
  PASS_PAST_STEPS,
  PASS_SKEW_STEPS,
  PASS_STEP_SECONDS,
  passStepAt,
  type PassRefusal,
} from './member-pass';

export const TOTP_PASS_PREFIX = 'AVPT:';
/** Google's `valueLength`: the digits of `{totp_value_0}` (RFC 4226 allows 6 to 8; 8 is the most). */
export const TOTP_DIGITS = 8;
/** Google's `periodMillis`: the pass's own step, so a TOTP code ages as a signed code does. */
export const TOTP_PERIOD_SECONDS = PASS_STEP_SECONDS;

const encoder = new TextEncoder();
const bytesOf = (value: Uint8Array | string): Uint8Array =>
  typeof value === 'string' ? encoder.encode(value) : value;

/**
 * RFC 4226 HOTP of a counter (RFC 6238 TOTP when the counter is the time step): HMAC-SHA-1 of the
 * counter's 8 bytes, dynamically truncated, the last `digits` decimal digits (zero-padded).
 */
export function hotp(secret: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  if (!Number.isSafeInteger(counter) || counter < 0) throw new Error(`Not a counter: ${counter}`);
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const mac = hmac(sha1, secret, message);
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** RFC 6238 TOTP at an instant (unix seconds): the HOTP of floor(seconds / period). */
export const totpAt = (
  secret: Uint8Array,
  unixSeconds: number,
  periodSeconds = TOTP_PERIOD_SECONDS,
  digits = TOTP_DIGITS,
): string => hotp(secret, Math.floor(unixSeconds / periodSeconds), digits);

/**
 * A member's TOTP secret for one pass version: HMAC-SHA256(MEMBER_PASS_SECRET, 'totp:' + memberId +
 * ':' + passVersion), 32 bytes. The members service (the till's scan) and the wallet (Google's pass
 * object) derive the same one; a revoke moves the version on and so changes it.
 */
export function memberTotpSecret(
  masterSecret: Uint8Array | string,
  memberId: string,
  passVersion: number,
): Uint8Array {
  return hmac(sha256, bytesOf(masterSecret), encoder.encode(`totp:${memberId.toLowerCase()}:${passVersion}`));
}

/** Base16 (lower-case hex), as Google's TotpParameters.key wants a secret. */
export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function uuidToBase32(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`Not a UUID: ${uuid}`);
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return base32Encode(bytes);
}

function base32ToUuid(text: string): string | null {
  const bytes = base32Decode(text);
  if (!bytes || bytes.length !== 16 || base32Encode(bytes) !== text) return null;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The part of the code fixed for a member and version: `AVPT:<member>-<version>-`. */
function memberReference(memberId: string, passVersion: number): string {
  if (!Number.isInteger(passVersion) || passVersion < 1 || passVersion > 0xffffffff)
    throw new Error(`Not a pass version: ${passVersion}`);
  return `${TOTP_PASS_PREFIX}${uuidToBase32(memberId)}-${passVersion}-`;
}

/**
 * Google's `valuePattern` for a member's pass: the member reference, then Google's substitutions
 * `{totp_timestamp_seconds}` and `{totp_value_0}`.
 */
export const totpPassPattern = (memberId: string, passVersion: number): string =>
  `${memberReference(memberId, passVersion)}{totp_timestamp_seconds}-{totp_value_0}`;

/** The code Google Wallet shows at `unixSeconds` (the phone makes it; tests and benches make it here). */
export const encodeTotpPass = (
  memberId: string,
  passVersion: number,
  secret: Uint8Array,
  unixSeconds: number,
): string =>
  `${memberReference(memberId, passVersion)}${Math.floor(unixSeconds)}-${totpAt(secret, unixSeconds)}`;

export interface TotpPassClaims {
  memberId: string;
  passVersion: number;
  /** Google's `{totp_timestamp_seconds}`: when the phone made the code. */
  unixSeconds: number;
  /** The time step of unixSeconds (the TOTP counter; the signed pass's step). */
  step: number;
}

export interface ParsedTotpPass extends TotpPassClaims {
  value: string;
}

const TOTP_CODE = new RegExp(
  `^${TOTP_PASS_PREFIX}([A-Z2-7]{26})-([1-9][0-9]{0,9})-([0-9]{1,12})-([0-9]{${TOTP_DIGITS}})$`,
);

/** Whether a scanned or typed text is meant as a Google Wallet member pass. */
export const looksLikeTotpPass = (text: string): boolean =>
  text.trim().toUpperCase().startsWith(TOTP_PASS_PREFIX);

/** The parts of a Google Wallet pass code, unchecked; null when it is not well formed. */
export function parseTotpPass(text: string): ParsedTotpPass | null {
  const match = TOTP_CODE.exec(text.trim().toUpperCase());
  if (!match) return null;
  const memberId = base32ToUuid(match[1]!);
  const passVersion = Number(match[2]);
  const unixSeconds = Number(match[3]);
  if (!memberId || passVersion > 0xffffffff) return null;
  return {
    memberId,
    passVersion,
    unixSeconds,
    step: Math.floor(unixSeconds / TOTP_PERIOD_SECONDS),
    value: match[4]!,
  };
}

/** The member's secret for a version, or null for a member the checker does not know. */
export type TotpSecretFor = (
  memberId: string,
  passVersion: number,
) => Uint8Array | null | Promise<Uint8Array | null>;

export interface JudgeTotpPassOptions {
  /** The checker's clock (the server's). */
  nowMs: number;
  secretFor: TotpSecretFor;
  /** The member's current pass version: a code of an older one is refused as revoked. */
  currentVersion?: number;
}

export type TotpPassJudgement =
  | { ok: true; claims: TotpPassClaims }
  | { ok: false; refusal: PassRefusal; claims?: TotpPassClaims };

/** Equal strings, compared without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Whether a Google Wallet code is a genuine, current pass, with judgePass's refusals: not a pass code
 * ('not_a_pass'); a TOTP value that is not the member's secret's for the code's time ('not_genuine');
 * a time more than PASS_PAST_STEPS steps behind or PASS_SKEW_STEPS ahead of the checker's clock, so a
 * picture of it is refused after 90 s ('stale'); an older pass version than the member's ('revoked').
 */
export async function judgeTotpPass(text: string, options: JudgeTotpPassOptions): Promise<TotpPassJudgement> {
  const parsed = parseTotpPass(text);
  if (!parsed) return { ok: false, refusal: 'not_a_pass' };
  const { value, ...claims } = parsed;
  const secret = await options.secretFor(claims.memberId, claims.passVersion);
  if (!secret || !sameText(hotp(secret, claims.step), value))
    return { ok: false, refusal: 'not_genuine', claims };
  const now = passStepAt(options.nowMs);
  if (claims.step < now - PASS_PAST_STEPS || claims.step > now + PASS_SKEW_STEPS)
    return { ok: false, refusal: 'stale', claims };
  if (options.currentVersion !== undefined && claims.passVersion < options.currentVersion)
    return { ok: false, refusal: 'revoked', claims };
  return { ok: true, claims };
}
