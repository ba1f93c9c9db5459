import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { homePathFor, isPublicPath } from '@/config/paths';
import { useAccountLanguage } from '@/i18n/i18n';
import { getAuthToken, subscribeToAuthToken } from '@/lib/session/auth-storage';
import { useSession } from '@/lib/session/use-session';
import { loadNavBar, prefetchRememberedHome, rememberHome } from '../first-screen';
import { InactivityWatcher } from './inactivity-watcher';
import { SkipLink } from './skip-link';
import { useRouteTitle } from './use-route-title';

/**
 * Its own chunk (issue 40: the sign-in and landing pages do not load it); asked for with the app when a
 * session token is kept (first-screen.ts), and on signing in.
 */
const NavBar = lazy(() => loadNavBar().then((m) => ({ default: m.NavBar })));

/** Every page: the navigation bar while signed in (not on the public pages), the inactivity timer, the page. */
export function RootLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const signedIn = session.status === 'signed-in';
  const home = signedIn ? homePathFor(session.user.role) : null;
  useRouteTitle();
  // The user's own language, once identity returns it (`language` on GET /api/auth/user, issue 42).
  useAccountLanguage(signedIn ? (session.user as { language?: unknown }).language : null);
  useFirstScreenPrefetch(home);

  return (
    <>
      <SkipLink />
      {signedIn && <InactivityWatcher />}
      {signedIn && !isPublicPath(pathname) && (
        <Suspense fallback={null}>
          <NavBar user={session.user} />
        </Suspense>
      )}
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <ScrollRestoration />
    </>
  );
}

/** Issue 28: the signed-in role's landing screen is fetched as soon as it can be guessed. */
function useFirstScreenPrefetch(home: string | null) {
  // Signing in: the remembered home's code loads while the current-user call is on its way.
  useEffect(
    () =>
      subscribeToAuthToken(() => {
        if (getAuthToken() !== null) prefetchRememberedHome();
      }),
    [],
  );
  useEffect(() => {
    if (home) rememberHome(home);
  }, [home]);
}
