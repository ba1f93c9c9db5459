import type { CurrentUser } from '@avpass/contracts';
import { getAuthToken, subscribeToAuthToken } from './auth-storage';

/**
 * The till opens without a network once visited (issue 25): its session check cannot reach AV Pass
 * then, so the user last confirmed for this very token is used instead, on the till only. Every other
 * screen still says it could not reach AV Pass. An answer from the server (a 401 above all) always
 * wins; signing out forgets the user.
 */
const STORAGE_KEY = 'avpass:offline-user';
/** The screens that work offline. */
const OFFLINE_PATHS = /^\/till(?:\/|$)/;

/** A short digest of the token (the token itself is not stored twice). */
function tokenDigest(token: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(36)}${(h1 >>> 0).toString(36)}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Keeps the user the server confirmed for the current token. */
export function rememberUser(user: CurrentUser): void {
  const token = getAuthToken();
  if (!token) return;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify({ token: tokenDigest(token), user }));
  } catch {
    // storage full or refused: the till then needs a network to open
  }
}

export function forgetUser(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}

/** The user kept for the current token, on a screen that works offline; else null. */
export async function offlineUser(pathname = window.location.pathname): Promise<CurrentUser | null> {
  const token = getAuthToken();
  if (!token || !OFFLINE_PATHS.test(pathname)) return null;
  try {
    const kept = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as { token?: unknown; user?: unknown };
    if (kept?.token !== tokenDigest(token)) return null;
    const { currentUserSchema } = await import('@avpass/contracts/session');
    const parsed = currentUserSchema.safeParse(kept.user);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

subscribeToAuthToken(() => {
  if (getAuthToken() === null) forgetUser();
});
