import DynamicFeedRoundedIcon from '@mui/icons-material/DynamicFeedRounded';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { LoadingState } from '@/components/feedback/loading-state';
import { LowStockNotice } from '@/components/inventory/low-stock-notice';
import { TillConflictsList } from '@/components/vouchers/till-conflicts-list';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { POLL_MS } from '@/lib/vouchers-api';
import { useSession } from '@/lib/session/use-session';
import { BatchesTab } from '../components/batches-tab';
import { QueueBoardButton } from '../components/queue-board-button';
import { RefreshAllButton } from '../components/refresh-all-button';
import { SignInAttacksNotice } from '../components/sign-in-attacks-notice';
import { AnalyticsTab } from '../components/link-tabs';
import { TrainerTab } from '../components/trainer-tab';
import { QrCodesTab } from '../components/qr-codes-tab';
import { RedemptionsTab } from '../components/redemptions-tab';
import { AdminStatCards } from '../components/stat-cards';
import { DASHBOARD_STATS } from '../components/stat-definitions';
import { useDashboardTab } from '../lib/use-dashboard-tab';

const TABS = [
  { id: 'codes', label: 'dashboard.tab.codes', Panel: QrCodesTab },
  { id: 'trainer', label: 'dashboard.tab.trainer', Panel: TrainerTab },
  { id: 'analytics', label: 'dashboard.tab.analytics', Panel: AnalyticsTab },
  { id: 'redemptions', label: 'dashboard.tab.redemptions', Panel: RedemptionsTab },
  { id: 'attention', label: 'dashboard.tab.attention', Panel: TillConflictsList },
  { id: 'batches', label: 'dashboard.tab.batches', Panel: BatchesTab },
] as const;

/** The admin dashboard (/dashboard for super_admin; the router sends everyone else to /company-dashboard). */
export function DashboardRoute() {
  const session = useSession();
  const t = useT();
  if (session.status !== 'signed-in') return <LoadingState message={t('dashboard.checkingAuth')} fullPage />;
  return <AdminDashboard />;
}

function AdminDashboard() {
  const { active, switchTab } = useDashboardTab(TABS);
  const t = useT();

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            {t('dashboard.overline')}
          </Typography>
          <Typography variant="h3" component="h1">
            {t('dashboard.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('dashboard.intro')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <RefreshAllButton />
          <Button
            variant="outlined"
            component={RouterLink}
            to={paths.adminCredits.path}
            startIcon={<SavingsOutlinedIcon />}
          >
            {t('dashboard.credits')}
          </Button>
          <QueueBoardButton />
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.bulk.path}
            startIcon={<DynamicFeedRoundedIcon />}
          >
            {t('dashboard.bulk')}
          </Button>
        </Stack>
      </Stack>
      <SignInAttacksNotice />
      <AdminStatCards stats={DASHBOARD_STATS} intervalMs={POLL_MS.dashboardStats} />
      <LowStockNotice />
      <Card>
        <Tabs
          value={active.id}
          onChange={(_event, value: (typeof TABS)[number]['id']) => switchTab(value)}
          aria-label={t('dashboard.tabs')}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={(theme) => ({ px: { xs: 0, sm: 2 }, borderBottom: `1px solid ${theme.palette.divider}` })}
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.id}
              value={tab.id}
              label={t(tab.label)}
              id={`dashboard-tab-${tab.id}`}
              aria-controls={`dashboard-panel-${tab.id}`}
            />
          ))}
        </Tabs>
        <CardContent
          role="tabpanel"
          id={`dashboard-panel-${active.id}`}
          aria-labelledby={`dashboard-tab-${active.id}`}
          sx={{ p: { xs: 1, sm: 3 } }}
        >
          <active.Panel />
        </CardContent>
      </Card>
    </Container>
  );
}
