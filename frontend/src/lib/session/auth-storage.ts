import { useSyncExternalStore } from 'react';

/** Spec section 4: the session token lives in local storage under this key. */
export const AUTH_TOKEN_STORAGE_KEY = 'adminToken';

/**
 * Why the token went away: guards send deliberate sign-outs to /login without a returnTo. 'idle' is
 * the server's inactivity timeout (a 401 after SESSION_IDLE_MINUTES without a request): told as the
 * page's own inactivity timeout is.
 */
export type SignOutReason = 'logout' | 'inactivity' | 'idle' | 'unauthorized';

type Listener = () => void;
const listeners = new Set<Listener>();
let lastSignOutReason: SignOutReason | null = null;

function readToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let currentToken = readToken();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getAuthToken(): string | null {
  return currentToken;
}

export function getLastSignOutReason(): SignOutReason | null {
  return lastSignOutReason;
}

export function storeAuthToken(token: string): void {
  lastSignOutReason = null;
  currentToken = token;
  try {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage can be unavailable (private mode); the session then lasts for this page only.
  }
  emit();
}

export function clearAuthToken(reason: SignOutReason): void {
  if (currentToken === null) return;
  lastSignOutReason = reason;
  currentToken = null;
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  emit();
}

export function subscribeToAuthToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab's session too.
window.addEventListener('storage', (event) => {
  if (event.key !== AUTH_TOKEN_STORAGE_KEY && event.key !== null) return;
  const next = readToken();
  if (next === currentToken) return;
  if (next === null) lastSignOutReason = 'logout';
  currentToken = next;
  emit();
});

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, getAuthToken, getAuthToken);
}
