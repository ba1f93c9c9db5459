import { Navigate, Outlet, useSearchParams } from 'react-router-dom';
import { LoadingState } from '@/components/feedback/loading-state';
import { homePathFor } from '@/config/paths';
import { safeReturnTo } from '@/lib/return-to';
import { useSession } from '@/lib/session/use-session';

/** The landing and login pages are for signed-out visitors; a signed-in one goes straight home (or to returnTo). */
export function RedirectIfSignedIn() {
  const session = useSession();
  const [searchParams] = useSearchParams();

  if (session.status === 'checking') return <LoadingState message="Checking authentication..." fullPage />;
  if (session.status === 'signed-in') {
    const target = safeReturnTo(searchParams.get('returnTo')) ?? homePathFor(session.user.role);
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
