import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { DashboardSkeleton } from '@/components/feedback/dashboard-skeleton';
import { StatusPanel } from '@/components/feedback/status-panel';
import { SendToMembersHost } from '@/components/members/send-to-members-host';
import { paths } from '@/config/paths';
import { useToast } from '@/components/toast/toast-context';
import { useT } from '@/i18n/i18n';
import { getLastSignOutReason } from '@/lib/session/auth-storage';
import { useSession } from '@/lib/session/use-session';
import { useRouteTitleText } from '../layout/use-route-title';
import { inactivityToast } from '../layout/use-sign-out';

/** Guards every signed-in route: checks the session, sends signed-out visitors to /login?returnTo=<path>. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const title = useRouteTitleText();
  const t = useT();

  switch (session.status) {
    case 'checking':
      // The screen's shape while the session is checked (issue 28), not a spinner.
      return <DashboardSkeleton title={title} />;
    case 'unavailable':
      return (
        <Container maxWidth="sm" sx={{ py: 10 }}>
          <StatusPanel
            tone="error"
            icon={<CloudOffRoundedIcon />}
            title={t('staff.session.unreachable')}
            description={t('staff.session.unreachableText')}
            action={
              <Button variant="contained" onClick={session.retry}>
                {t('staff.session.retry')}
              </Button>
            }
          />
        </Container>
      );
    case 'signed-out': {
      // A deliberate sign-out (button, inactivity) lands on a plain /login; an expired session remembers the page.
      const reason = getLastSignOutReason();
      const deliberate = reason === 'logout' || reason === 'inactivity';
      const returnTo = `${location.pathname}${location.search}${location.hash}`;
      const to = paths.login.getHref(deliberate ? null : returnTo);
      if (reason === 'idle') return <ServerIdleSignOut to={to} />;
      return <Navigate to={to} replace />;
    }
    case 'signed-in':
      return (
        <SendToMembersHost>
          <Outlet />
        </SendToMembersHost>
      );
  }
}

/**
 * The server ended the session after SESSION_IDLE_MINUTES without a request (a sleeping laptop, a
 * screen that sent nothing): said as the page's own inactivity timeout says it, keeping the page.
 */
function ServerIdleSignOut({ to }: { to: string }) {
  const { toast } = useToast();
  const t = useT();
  const toasted = useRef(false);
  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    toast(inactivityToast(t));
  }, [toast, t]);
  return <Navigate to={to} replace />;
}
