import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useCompanyStats, VOUCHER_URLS } from '@/lib/vouchers-api';
import { useSession } from '@/lib/session/use-session';
import { STATEMENT_URLS } from '@/lib/statements-api';
import { useT } from '@/i18n/i18n';
import { AssignedCodesSection } from '../components/assigned-codes-section';
import { PageHeading } from '../components/page-heading';
import { CompanyStatCards, DASHBOARD_STATS } from '../components/company-stat-cards';
import { MonthSoFarCard } from '../components/month-so-far-card';

/** Company dashboard (company_admin; the router applies the denial): stats polled every 10 s and the assigned codes. */
export function CompanyDashboardRoute() {
  const session = useSession();
  const t = useT();
  const stats = useCompanyStats();
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const codesSection = useRef<HTMLElement>(null);

  if (session.status !== 'signed-in') return null;
  const company = session.user.companyName ?? t('dashboard.company.yours');

  async function refresh() {
    setRefreshing(true);
    try {
      await Promise.all([
        stats.refetch(),
        queryClient.invalidateQueries({ queryKey: [VOUCHER_URLS.companyList] }),
        queryClient.invalidateQueries({ queryKey: [STATEMENT_URLS.preview] }),
      ]);
    } finally {
      setRefreshing(false);
    }
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeading
        overline={t('dashboard.company.overline')}
        title={company}
        subtitle={t('dashboard.company.intro')}
        action={
          <Button
            variant="outlined"
            onClick={() => void refresh()}
            disabled={refreshing}
            startIcon={refreshing ? <CircularProgress size={18} color="inherit" /> : <RefreshRoundedIcon />}
          >
            {t('dashboard.welcome.refresh')}
          </Button>
        }
      />
      {stats.isError && stats.data && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('dashboard.company.stale')}
        </Alert>
      )}
      <CompanyStatCards
        query={stats}
        stats={DASHBOARD_STATS}
        onClick={{
          totalQrCodes: () => codesSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
        }}
      />
      <Box sx={{ mt: 3 }}>
        <MonthSoFarCard />
      </Box>
      <Box sx={{ mt: { xs: 4, md: 5 } }}>
        <AssignedCodesSection ref={codesSection} />
      </Box>
    </Container>
  );
}
