// The addresses the browser opens without the app's router (issue 40): the entry (frontend/src/main.tsx)
// loads only that page's shell and words, and the gateway's HTML for them preloads those and goes
// without the dashboards' boot.js (gateway/src/http/spa-index.ts, decision 382). One list for both, so
// the two never disagree on which page an address is. Plain code: the browser's entry imports it.

/** The pages main.tsx starts without the app's router. */
export type LightPage = 'login' | 'voucher' | 'member';

const VOUCHER_PATH = /^\/voucher\/([^/]+)\/?$/;

/**
 * The light page an address opens, or null (the app with its router): the sign-in, a member's own
 * screens (/me, /me/sign-in, decision 331) and a voucher opened from its QR code (decision 36). Read on
 * the path as sent (still percent-encoded): an encoded spelling gets the app, on both sides.
 */
export function lightPageOf(path: string): LightPage | null {
  if (/^\/login\/?$/.test(path)) return 'login';
  if (/^\/me(\/sign-in)?\/?$/.test(path)) return 'member';
  if (VOUCHER_PATH.test(path)) return 'voucher';
  return null;
}

/** The voucher id in /voucher/{id}, decoded (a malformed escape kept as sent: not found), or null. */
export function voucherIdOfPath(path: string): string | null {
  const raw = VOUCHER_PATH.exec(path)?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
