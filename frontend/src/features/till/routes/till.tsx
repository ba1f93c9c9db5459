import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session/use-session';
import { CopyStatus } from '../components/copy-status';
import { LiveRegion } from '../components/live-region';
import { TillPhaseView } from '../components/till-phase-view';
import { TodayList } from '../components/today-list';
import { useTill } from '../lib/use-till';
import { installTillApp } from '../offline/install-till-app';
import { OfflineBadge, OfflineQueuePanel } from '../offline/offline-queue-panel';
import { TillConflictsPanel } from '../offline/till-conflicts-panel';

/** /till (company_admin and super_admin): scan or type a member's code, check it, redeem, undo. */
export function TillRoute() {
  const session = useSession();
  const t = useT();
  useEffect(installTillApp, []); // installable, opens offline (service worker from this chunk only)
  if (session.status !== 'signed-in') return null;
  const admin = session.user.role === 'super_admin';
  return (
    <Till
      where={admin ? t('till.admin') : (session.user.companyName ?? t('till.partnerPortal'))}
      allTills={admin}
    />
  );
}

function Till({ where, allTills }: { where: string; allTills: boolean }) {
  const till = useTill();
  const t = useT();
  const { queue, copy, topRef, announcement } = till;

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }}>
      <Box ref={topRef} sx={{ mb: 1.5, scrollMarginTop: 72 }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          {where}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="h4" component="h1">
            {t('till.title')}
          </Typography>
          <OfflineBadge count={queue.pending.length} />
        </Box>
        <CopyStatus copy={copy} />
      </Box>
      <LiveRegion message={announcement} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <TillPhaseView till={till} />
        <OfflineQueuePanel queue={queue} />
        <TillConflictsPanel sent={queue.results.length} />
        <TodayList allTills={allTills} queue={queue} />
      </Box>
    </Container>
  );
}
