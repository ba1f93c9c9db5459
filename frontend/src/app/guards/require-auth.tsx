import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { DashboardSkeleton } from '@/components/feedback/dashboard-skeleton';
import { StatusPanel } from '@/components/feedback/status-panel';
import { paths } from '@/config/paths';
import { getLastSignOutReason } from '@/lib/session/auth-storage';
import { useSession } from '@/lib/session/use-session';

/** Guards every signed-in route: checks the session, sends signed-out visitors to /login?returnTo=<path>. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();

  switch (session.status) {
    case 'checking':
      // The screen's shape while the session is checked (issue 28), not a spinner.
      return <DashboardSkeleton />;
    case 'unavailable':
      return (
        <Container maxWidth="sm" sx={{ py: 10 }}>
          <StatusPanel
            tone="error"
            icon={<CloudOffRoundedIcon />}
            title="We couldn't reach AV Pass"
            description="Your session could not be checked right now. Check your connection and try again."
            action={
              <Button variant="contained" onClick={session.retry}>
                Try again
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
      return <Navigate to={paths.login.getHref(deliberate ? null : returnTo)} replace />;
    }
    case 'signed-in':
      return <Outlet />;
  }
}
