import LockRoundedIcon from '@mui/icons-material/LockRounded';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { StatusPanel } from '@/components/feedback/status-panel';
import { homePathFor } from '@/config/paths';
import { useSession } from '@/lib/session/use-session';

/**
 * /generate and /bulk are open to any signed-in user (spec route table), but creating codes is for
 * administrators only: other users get a clear panel instead of a form whose calls would all be refused.
 */
export function AdminOnly({ action, children }: { action: string; children: ReactNode }) {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  if (session.user.role === 'super_admin') return <>{children}</>;
  return (
    <Container maxWidth="sm" sx={{ py: 10 }}>
      <StatusPanel
        tone="error"
        icon={<LockRoundedIcon />}
        title="Access Denied"
        testId="admin-only"
        description={`Only administrators can ${action}. Your partner codes are on your dashboard.`}
        action={
          <Button component={RouterLink} to={homePathFor(session.user.role)} variant="contained">
            Go to your dashboard
          </Button>
        }
      />
    </Container>
  );
}
