import { VOUCHER_CATALOGS } from '@avpass/contracts/i18n/voucher-catalogs';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { MyVouchersPage } from '@/features/member/components/my-vouchers-page';
import { SignInPage } from '@/features/member/components/sign-in-page';
import { ensureMemberPageStyle } from '@/features/member/lib/member-style';
import { memberSession } from '@/features/member/lib/member-session';
import { loadArea } from '@/i18n/i18n';
import { createQueryClient } from '@/lib/query-client';
import { mount } from './mount';

export const MEMBER_PATHS = { me: '/me', signIn: '/me/sign-in' } as const;

const queryClient = createQueryClient();

/** Which of the two screens the address and the session call for. */
function screenFor(path: string): 'me' | 'sign-in' {
  return path.replace(/\/+$/, '') === MEMBER_PATHS.me && memberSession() ? 'me' : 'sign-in';
}

function MemberScreens() {
  const [screen, setScreen] = useState(() => screenFor(window.location.pathname));
  const go = useCallback((next: 'me' | 'sign-in') => {
    const path = next === 'me' ? MEMBER_PATHS.me : MEMBER_PATHS.signIn;
    if (window.location.pathname !== path) window.history.pushState(null, '', path);
    if (next === 'sign-in') queryClient.clear();
    setScreen(next);
  }, []);
  useEffect(() => {
    // /me without a session is the sign-in (its address too).
    if (screen === 'sign-in' && window.location.pathname.replace(/\/+$/, '') !== MEMBER_PATHS.signIn)
      window.history.replaceState(null, '', MEMBER_PATHS.signIn + window.location.hash);
    const back = () => setScreen(screenFor(window.location.pathname));
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, [screen]);
  // My vouchers prints the vouchers' own words (discounts, statuses): the voucher catalog, loaded for it
  // only, so the sign-in page stays light (decision 331).
  const [vouchersWords, setVouchersWords] = useState(false);
  useEffect(() => {
    if (screen === 'me' && !vouchersWords) void loadArea(VOUCHER_CATALOGS).then(() => setVouchersWords(true));
  }, [screen, vouchersWords]);
  const toMe = useCallback(() => go('me'), [go]);
  const toSignIn = useCallback(() => go('sign-in'), [go]);
  if (screen === 'me' && !vouchersWords) return null;
  return screen === 'me' ? <MyVouchersPage onSignedOut={toSignIn} /> : <SignInPage onSignedIn={toMe} />;
}

/**
 * What a member's phone loads for /me and /me/sign-in: the two member screens and React Query, without
 * the router, MUI or Emotion, drawn with the voucher page's CSS (decision 304; decision 331). Their
 * vouchers are plain links to /voucher/{id}, which loads the voucher page.
 */
export function mountMemberShell(): void {
  ensureMemberPageStyle();
  mount(
    <QueryClientProvider client={queryClient}>
      <main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <MemberScreens />
      </main>
    </QueryClientProvider>,
  );
}
