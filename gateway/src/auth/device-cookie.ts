import type { TrustedDevice } from '@avpass/contracts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'avpass_device';
/** Sent with the sign-in calls only. */
export const DEVICE_COOKIE_PATH = '/api/auth';
/** A browser stays trusted this long after its last sign-in (each sign-in renews it). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 86_400;
/** Users remembered per browser (a shared office PC); the least recently signed-in is dropped. */
export const DEVICE_COOKIE_MAX_USERS = 5;

const SKEW_SECONDS = 300;
/** One user's entry: user id, device id, issue time (Unix seconds), HMAC-SHA256. */
const ENTRY =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

interface Entry extends TrustedDevice {
  issuedAt: number;
}

/**
 * The sign-in device cookie (OWASP "device cookies"): after a successful sign-in the browser gets a
 * signed, HttpOnly, SameSite=Strict cookie naming the user and a random device id. A later sign-in
 * carrying it is exempt from the per-username-and-address and per-address waits (identity counts
 * that device on its own instead), so an attacker who knows a username cannot keep its owner out.
 *
 * The key is DEVICE_COOKIE_SECRET, or else one derived from DB_ROLE_SECRET with a label of its own.
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    config: { DEVICE_COOKIE_SECRET?: string; DB_ROLE_SECRET: string },
    private readonly now: () => number = Date.now,
  ) {
    this.key = config.DEVICE_COOKIE_SECRET
      ? Buffer.from(config.DEVICE_COOKIE_SECRET, 'utf8')
      : createHmac('sha256', config.DB_ROLE_SECRET).update('avpass device cookie key v1').digest();
  }

  private sign(userId: string, deviceId: string, issuedAt: number): string {
    return createHmac('sha256', this.key)
      .update(`avpass-device-v1|${userId}|${deviceId}|${issuedAt}`)
      .digest('base64url');
  }

  /** The devices whose entries in the Cookie header verify and have not expired (others are ignored). */
  read(cookieHeader: string | undefined): TrustedDevice[] {
    return this.entries(cookieHeader).map(({ userId, deviceId }) => ({ userId, deviceId }));
  }

  private entries(cookieHeader: string | undefined): Entry[] {
    const nowSeconds = Math.floor(this.now() / 1000);
    const found: Entry[] = [];
    for (const value of cookieValues(cookieHeader, DEVICE_COOKIE)) {
      for (const raw of value.split('~').slice(0, DEVICE_COOKIE_MAX_USERS)) {
        const match = ENTRY.exec(raw);
        if (!match) continue;
        const [, userId, deviceId, issued, signature] = match as unknown as [
          string,
          string,
          string,
          string,
          string,
        ];
        const issuedAt = Number(issued);
        if (issuedAt > nowSeconds + SKEW_SECONDS) continue;
        if (nowSeconds - issuedAt > DEVICE_COOKIE_MAX_AGE_SECONDS) continue;
        const expected = Buffer.from(this.sign(userId, deviceId, issuedAt));
        const given = Buffer.from(signature);
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
        if (found.some((e) => e.userId === userId)) continue;
        found.push({ userId, deviceId, issuedAt });
      }
    }
    return found;
  }

  /**
   * The Set-Cookie value after `userId` signed in: its entry renewed (same device id when it had one),
   * first, then the other users' valid entries, up to DEVICE_COOKIE_MAX_USERS.
   */
  issue(cookieHeader: string | undefined, userId: string, secure: boolean): string {
    const others = this.entries(cookieHeader);
    const deviceId =
      others.find((e) => e.userId === userId)?.deviceId ?? randomBytes(16).toString('base64url');
    const issuedAt = Math.floor(this.now() / 1000);
    const kept = [
      { userId, deviceId, issuedAt },
      ...others.filter((e) => e.userId !== userId).sort((a, b) => b.issuedAt - a.issuedAt),
    ].slice(0, DEVICE_COOKIE_MAX_USERS);
    const value = kept
      .map((e) => `${e.userId}.${e.deviceId}.${e.issuedAt}.${this.sign(e.userId, e.deviceId, e.issuedAt)}`)
      .join('~');
    return [
      `${DEVICE_COOKIE}=${value}`,
      `Path=${DEVICE_COOKIE_PATH}`,
      `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(secure ? ['Secure'] : []),
    ].join('; ');
  }
}

/** Every value of cookie `name` in a Cookie header (a browser may send one per path). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header || header.length > 16_384) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values.slice(0, 4);
}
