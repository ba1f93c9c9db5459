import { useEffect } from 'react';
import { inactivityTimeoutMs } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { CURRENT_USER_URL } from '@/lib/session/get-current-user';
import { msSinceServerContact } from '@/lib/session/server-contact';
import { useSignOut } from './use-sign-out';

/** Spec section 9: any of these counts as activity. */
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const;

/** Mousemove fires constantly; re-arming the timer at most this often is plenty. */
const REARM_THROTTLE_MS = 1000;

/**
 * The server ends a session after SESSION_IDLE_MINUTES without a request (decision 158). A user busy
 * on a screen that sends nothing (a long form) is active all the same: while there is activity and
 * nothing has reached the server for this long, one light request tells it so.
 */
const KEEP_ALIVE_AFTER_MS = 60_000;

/**
 * Signs the user out after a period without activity (mounted only while signed in). Reloading the page
 * keeps the session; the original app's sign-out on unload is deliberately not reproduced.
 */
export function InactivityWatcher() {
  const signOut = useSignOut();

  useEffect(() => {
    const timeoutMs = inactivityTimeoutMs();
    let timer = window.setTimeout(() => signOut('inactivity'), timeoutMs);
    let lastArmed = Date.now();
    let keepingAlive = false;

    const keepAlive = () => {
      if (keepingAlive || msSinceServerContact() < KEEP_ALIVE_AFTER_MS) return;
      keepingAlive = true;
      // A 401 here ends the session as any other would (api-client); nothing else to do with the answer.
      apiRequest(CURRENT_USER_URL)
        .catch(() => undefined)
        .finally(() => (keepingAlive = false));
    };

    const onActivity = () => {
      const now = Date.now();
      if (now - lastArmed < REARM_THROTTLE_MS && timeoutMs > REARM_THROTTLE_MS * 2) return;
      lastArmed = now;
      keepAlive();
      window.clearTimeout(timer);
      timer = window.setTimeout(() => signOut('inactivity'), timeoutMs);
    };

    for (const event of ACTIVITY_EVENTS) {
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    }
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [signOut]);

  return null;
}
