import { useEffect } from 'react';
import { inactivityTimeoutMs } from '@/config/env';
import { useSignOut } from './use-sign-out';

/** Spec section 9: any of these counts as activity. */
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const;

/** Mousemove fires constantly; re-arming the timer at most this often is plenty. */
const REARM_THROTTLE_MS = 1000;

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

    const onActivity = () => {
      const now = Date.now();
      if (now - lastArmed < REARM_THROTTLE_MS && timeoutMs > REARM_THROTTLE_MS * 2) return;
      lastArmed = now;
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
