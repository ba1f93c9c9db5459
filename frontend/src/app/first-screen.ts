import { paths } from '@/config/paths';
import { getAuthToken } from '@/lib/session/auth-storage';

/**
 * Starts loading a signed-in user's first screen together with the app (issue 28), instead of after it:
 * the router would ask for the screen's chunk only once the app's own code has run. The two dashboards
 * (where each role lands) are prefetched; the router's `lazy` then finds the module already loaded (the
 * same `import()`). Part of the `shell` chunk (vite.config.ts), so main.tsx calls it at once.
 */
const LANDING_SCREENS: Record<string, () => Promise<unknown>> = {
  [paths.dashboard.path]: () =>
    Promise.all([import('@/features/admin-dashboard/routes/dashboard'), loadFiguresSchema()]),
  [paths.companyDashboard.path]: () =>
    Promise.all([import('@/features/company/routes/company-dashboard'), loadFiguresSchema()]),
};

/**
 * The schemas a signed-in first screen checks its first answers with (issue 40: the current user's and the
 * dashboards' figures, which index.html's boot.js has already asked for): loaded with the app, not after it
 * has run, so the answers wait for nothing but the screen's code.
 */
const loadSessionSchema = () => import('@avpass/contracts/session');
const loadFiguresSchema = () => import('@avpass/contracts/vouchers/stats');

/** The signed-in navigation bar (its own chunk: the public pages never load it). */
export const loadNavBar = () => import('./layout/nav-bar');

/**
 * Where the last user signed in on this device landed: a hint to prefetch before the session check
 * answers (on `/` or `/login` with a stored token, and right after signing in). Never used to decide
 * anything: a wrong hint costs one chunk.
 */
const HOME_HINT_KEY = 'avpassHome';

function readHint(): string | null {
  try {
    return window.localStorage.getItem(HOME_HINT_KEY);
  } catch {
    return null;
  }
}

export function prefetchScreen(pathname: string | null): void {
  // A failed load is the router's to report when the screen is really opened.
  void loadScreen(pathname);
}

/** The landing screen's code at `pathname`, loaded; settles at once for any other address, never fails. */
export function loadScreen(pathname: string | null): Promise<unknown> {
  const load = pathname ? LANDING_SCREENS[pathname] : undefined;
  return load ? load().catch(() => undefined) : Promise.resolve();
}

/** On the first load of the app: the screen at this address, or the remembered home on `/` and `/login`. */
export function prefetchFirstScreen(pathname: string): void {
  if (getAuthToken() === null) return;
  // Each is loaded again by whatever needs it if this failed.
  loadSessionSchema().catch(() => undefined);
  loadNavBar().catch(() => undefined);
  const landing = pathname === paths.landing.path || pathname === paths.login.path;
  prefetchScreen(landing ? readHint() : pathname);
}

/** Called once the session is known: remembers where this user lands and prefetches it. */
export function rememberHome(home: string): void {
  prefetchScreen(home);
  try {
    if (readHint() !== home) window.localStorage.setItem(HOME_HINT_KEY, home);
  } catch {
    // Storage unavailable: no hint next time.
  }
}

/** Right after signing in (the token appears), before the current-user call answers. */
export function prefetchRememberedHome(): void {
  loadNavBar().catch(() => undefined);
  prefetchScreen(readHint());
}
