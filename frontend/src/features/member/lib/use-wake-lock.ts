import { useEffect } from 'react';

interface WakeLockSentinelLike {
  released: boolean;
  release(): Promise<void>;
}
type WakeLockLike = { request(type: 'screen'): Promise<WakeLockSentinelLike> };

/**
 * Keeps the phone's screen on while `wanted` (the member's pass is shown at the till): the Screen Wake
 * Lock API where the browser has it (https pages of recent browsers), nothing elsewhere. The browser
 * drops the lock when the page is hidden; it is asked for again when the page is shown, and released
 * when the pass goes away.
 */
export function useWakeLock(wanted: boolean): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!wanted || !wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let live = true;
    const acquire = () => {
      if (document.visibilityState !== 'visible' || (sentinel && !sentinel.released)) return;
      wakeLock.request('screen').then(
        (got) => {
          if (live) sentinel = got;
          else void got.release().catch(() => undefined);
        },
        () => undefined, // Refused (battery saver, no permission): the screen may dim, the pass still works.
      );
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', acquire);
      if (sentinel && !sentinel.released) void sentinel.release().catch(() => undefined);
    };
  }, [wanted]);
}
