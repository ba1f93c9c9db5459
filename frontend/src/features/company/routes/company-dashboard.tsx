import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import TodayOutlinedIcon from '@mui/icons-material/TodayOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { useCompanyStats, VOUCHER_URLS } from '@/lib/vouchers-api';
import { useSession } from '@/lib/session/use-session';
import { AssignedCodesSection } from '../components/assigned-codes-section';
import { PageHeading } from '../components/page-heading';
import { StatCard, StatGrid } from '@/components/data-display/stat-card';

/** Company dashboard (company_admin; the router applies the denial): stats polled every 10 s and the assigned codes. */
export function CompanyDashboardRoute() {
  const session = useSession();
  const stats = useCompanyStats();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const codesSection = useRef<HTMLElement>(null);

  if (session.status !== 'signed-in') return null;
  const company = session.user.companyName ?? 'Your company';
  const value = (pick: (s: NonNullable<typeof stats.data>) => number) =>
    stats.data ? pick(stats.data).toLocaleString('en-US') : stats.isError ? null : undefined;

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        stats.refetch(),
        queryClient.invalidateQueries({ queryKey: [VOUCHER_URLS.companyList] }),
      ]);
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeading
        overline="Partner dashboard"
        title={company}
        subtitle="Your vouchers at a glance. Figures refresh every 10 seconds."
        action={
          <Button
            variant="outlined"
            onClick={() => void refresh()}
            disabled={refreshing}
            startIcon={refreshing ? <CircularProgress size={18} color="inherit" /> : <RefreshRoundedIcon />}
          >
            Refresh Stats
          </Button>
        }
      />
      {stats.isError && stats.data && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Showing the last figures we received; the latest could not be loaded.
        </Alert>
      )}
      <StatGrid label="Company statistics">
        <StatCard
          testId="stat-total-codes"
          label="Total QR Codes"
          value={value((s) => s.totalQrCodes)}
          hint="Assigned to your company"
          linkLabel="See the codes"
          icon={<QrCode2RoundedIcon />}
          onClick={() => codesSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
        />
        <StatCard
          testId="stat-redemptions"
          label="Redemptions"
          value={value((s) => s.totalRedemptions)}
          hint="All time"
          linkLabel="Partnership analytics"
          icon={<InsightsOutlinedIcon />}
          to={paths.trainerAnalytics.path}
        />
        <StatCard
          testId="stat-today"
          label="Today"
          value={value((s) => s.todayRedemptions)}
          hint="Since midnight"
          icon={<TodayOutlinedIcon />}
        />
        <StatCard
          testId="stat-partners"
          label="Partners"
          value={value((s) => s.activePartners)}
          hint="Unique locations"
          linkLabel="Inventory"
          icon={<Inventory2OutlinedIcon />}
          to={paths.partnerInventory.path}
        />
      </StatGrid>
      <Box sx={{ mt: { xs: 4, md: 5 } }}>
        <AssignedCodesSection ref={codesSection} />
      </Box>
    </Container>
  );
}
