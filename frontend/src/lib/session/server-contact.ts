/**
 * When this page last had an answer from the server. The server ends a session after
 * SESSION_IDLE_MINUTES without any request (decision 158), whatever the user does on the page, so the
 * page keeps it informed of activity (InactivityWatcher) and can tell such an ending from any other.
 */
let lastContactAt = Date.now();

export function noteServerContact(at = Date.now()): void {
  lastContactAt = at;
}

export function msSinceServerContact(now = Date.now()): number {
  return now - lastContactAt;
}

/**
 * The server records a use at most once a minute and the gateway trusts a polled session for up to
 * 15 s, so it may end a session up to this much before the idle limit has passed since the last request.
 */
const SERVER_IDLE_SLACK_MS = 75_000;

/**
 * Why a request's 401 ended the session: 'idle' when nothing had reached the server for about the
 * idle limit before it (the server's inactivity timeout), else 'unauthorized' (signed out elsewhere,
 * password changed, deactivated, expired).
 */
export function signOutReasonOf401(sinceContactMs: number, idleLimitMs: number): 'idle' | 'unauthorized' {
  return sinceContactMs >= idleLimitMs - SERVER_IDLE_SLACK_MS ? 'idle' : 'unauthorized';
}
