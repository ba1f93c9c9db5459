import type { AuthResponse } from '@avpass/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { homePathFor } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { i18n, loadArea } from '@/i18n/i18n';
import { ERRORS_CATALOGS } from '@/locales/errors-catalogs';
import { STAFF_CATALOGS } from '@/locales/staff-catalogs';
import { createQueryClient } from '@/lib/query-client';
import { safeReturnTo } from '@/lib/return-to';
import { documentTitle } from '@/lib/use-document-title';
import { loadNavBar, loadScreen } from './first-screen';
import { mount } from './mount';

/**
 * What a signed-out visit to /login loads (issue 40, decision 342): the sign-in screen alone, with React
 * Query and the API client, without MUI, Emotion or the router. Once signed in, the app's code loads
 * with the landing screen's, side by side; once both are here it takes the address it would have gone
 * to and replaces this page with the same query cache: the current user it holds is the sign-in's answer, not asked again.
 */
export function mountLoginShell(): void {
  const queryClient = createQueryClient();
  document.title = documentTitle(i18n._('login.documentTitle'));

  const openApp = async (response: AuthResponse) => {
    const returnTo = safeReturnTo(new URLSearchParams(window.location.search).get('returnTo'));
    const next = returnTo ?? homePathFor(response.user.role);
    loadNavBar().catch(() => undefined); // drawn beside the screen, not awaited
    // The form stays busy until the landing screen can draw at once (no outline between the two).
    const [{ mountApp }] = await Promise.all([
      import('./app'),
      loadScreen(next),
      loadArea(STAFF_CATALOGS),
      loadArea(ERRORS_CATALOGS),
    ]);
    window.history.replaceState(null, '', next);
    root.unmount();
    mountApp(queryClient);
  };

  const root = mount(
    <QueryClientProvider client={queryClient}>
      <main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <LoginPage onSignedIn={openApp} />
      </main>
    </QueryClientProvider>,
  );
}
