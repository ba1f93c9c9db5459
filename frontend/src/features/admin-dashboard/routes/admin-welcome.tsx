import AddchartRoundedIcon from '@mui/icons-material/AddchartRounded';
import DynamicFeedRoundedIcon from '@mui/icons-material/DynamicFeedRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import SpaceDashboardOutlinedIcon from '@mui/icons-material/SpaceDashboardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { IconTile } from '@/components/data-display/stat-card';
import { paths } from '@/config/paths';
import { QuickTips } from '@/components/vouchers/quick-tips';
import { RecentCodesCard } from '@/components/vouchers/recent-codes-card';
import { POLL_MS, VOUCHER_URLS } from '@/lib/vouchers-api';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { AdminStatCards } from '../components/stat-cards';
import { WELCOME_STATS } from '../components/stat-definitions';

const QUICK_ACTIONS = [
  {
    to: paths.generate.path,
    title: 'dashboard.welcome.generate',
    text: 'dashboard.welcome.generateText',
    icon: <QrCode2RoundedIcon />,
  },
  {
    to: paths.bulk.path,
    title: 'dashboard.welcome.bulk',
    text: 'dashboard.welcome.bulkText',
    icon: <DynamicFeedRoundedIcon />,
  },
  {
    to: paths.dashboard.path,
    title: 'dashboard.welcome.dashboard',
    text: 'dashboard.welcome.dashboardText',
    icon: <SpaceDashboardOutlinedIcon />,
  },
  {
    // This page is the overview; the detailed figures live in the dashboard's analytics tab.
    to: `${paths.dashboard.path}?tab=analytics`,
    title: 'dashboard.welcome.analytics',
    text: 'dashboard.welcome.analyticsText',
    icon: <AddchartRoundedIcon />,
  },
] as const satisfies ReadonlyArray<{ to: string; title: MessageId; text: MessageId; icon: unknown }>;

const ADMIN_TIPS = [
  'dashboard.welcome.tip.assign',
  'dashboard.welcome.tip.batches',
  'dashboard.welcome.tip.today',
  'dashboard.welcome.tip.unlimited',
] as const satisfies readonly MessageId[];

/** /admin: the administrator's welcome page with live totals, quick actions, recent codes and tips. */
export function AdminWelcomeRoute() {
  const queryClient = useQueryClient();
  const t = useT();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            {t('dashboard.welcome.overline')}
          </Typography>
          <Typography variant="h3" component="h1">
            {t('dashboard.welcome.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('dashboard.welcome.intro')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<RefreshRoundedIcon />}
          onClick={() => void queryClient.refetchQueries({ queryKey: [VOUCHER_URLS.adminStats] })}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          {t('dashboard.welcome.refresh')}
        </Button>
      </Stack>
      <AdminStatCards stats={WELCOME_STATS} intervalMs={POLL_MS.stats} />
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('dashboard.welcome.actions')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 2,
          mb: 3,
        }}
      >
        {QUICK_ACTIONS.map((action) => (
          <Card key={action.to}>
            <CardActionArea component={RouterLink} to={action.to} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                <IconTile icon={action.icon} size={40} radius={2} tone="navy" />
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{t(action.title)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(action.text)}
                  </Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <RecentCodesCard />
        <QuickTips tips={ADMIN_TIPS.map((tip) => t(tip))} title={t('dashboard.welcome.tips')} />
      </Box>
    </Container>
  );
}
