import Box from '@mui/material/Box';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { isPublicPath } from '@/config/paths';
import { useSession } from '@/lib/session/use-session';
import { InactivityWatcher } from './inactivity-watcher';
import { NavBar } from './nav-bar';
import { SkipLink } from './skip-link';
import { useRouteTitle } from './use-route-title';

/** Every page: the navigation bar while signed in (not on the public pages), the inactivity timer, the page. */
export function RootLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  const signedIn = session.status === 'signed-in';
  useRouteTitle();

  return (
    <>
      <SkipLink />
      {signedIn && <InactivityWatcher />}
      {signedIn && !isPublicPath(pathname) && <NavBar user={session.user} />}
      <Box component="main" id="main-content" tabIndex={-1} sx={{ outline: 'none' }}>
        <Outlet />
      </Box>
      <ScrollRestoration />
    </>
  );
}
