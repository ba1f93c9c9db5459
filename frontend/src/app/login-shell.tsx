import type { AuthResponse } from '@avpass/contracts';
import { homePathFor } from '@/config/paths';
import { primeCurrentUser } from '@/features/auth/api/sign-in';
import { LoginPage } from '@/features/auth/components/login-page';
import { i18n, loadArea } from '@/i18n/i18n';
import { ERRORS_CATALOGS } from '@/locales/errors-catalogs';
import { STAFF_CATALOGS } from '@/locales/staff-catalogs';
import { safeReturnTo } from '@/lib/return-to';
import { documentTitle } from '@/lib/use-document-title';
import { loadNavBar, loadScreen } from './first-screen';
import { mount } from './mount';

/**
 * What a signed-out visit to /login loads (issue 40, decision 342): the sign-in screen alone, with the
 * API client, without TanStack Query, MUI, Emotion or the router. Once signed in, the app's code loads
 * with the landing screen's and the query client, side by side; once all are here it takes the address
 * it would have gone to and replaces this page, its query cache starting with the current user the
 * sign-in answered (not asked again).
 */
export function mountLoginShell(): void {
  document.title = documentTitle(i18n._('login.documentTitle'));

  const openApp = async (response: AuthResponse) => {
    const returnTo = safeReturnTo(new URLSearchParams(window.location.search).get('returnTo'));
    const next = returnTo ?? homePathFor(response.user.role);
    loadNavBar().catch(() => undefined); // drawn beside the screen, not awaited
    // The form stays busy until the landing screen can draw at once (no outline between the two).
    const [{ mountApp }, { createQueryClient }] = await Promise.all([
      import('./app'),
      import('@/lib/query-client'),
      loadScreen(next),
      loadArea(STAFF_CATALOGS),
      loadArea(ERRORS_CATALOGS),
    ]);
    const queryClient = createQueryClient();
    primeCurrentUser(queryClient, response);
    window.history.replaceState(null, '', next);
    root.unmount();
    mountApp(queryClient);
  };

  const root = mount(
    <main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
      <LoginPage onSignedIn={openApp} />
    </main>,
  );
}
