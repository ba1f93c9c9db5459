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
import { AdminStatCards } from '../components/stat-cards';
import { WELCOME_STATS } from '../components/stat-definitions';

const QUICK_ACTIONS = [
  {
    to: paths.generate.path,
    title: 'Generate QR Code',
    text: 'One voucher for a partner, ready to print.',
    icon: <QrCode2RoundedIcon />,
  },
  {
    to: paths.bulk.path,
    title: 'Bulk Generate',
    text: 'A batch of vouchers, downloaded as one ZIP.',
    icon: <DynamicFeedRoundedIcon />,
  },
  {
    to: paths.dashboard.path,
    title: 'Dashboard',
    text: 'All codes, redemptions, batches and assignments.',
    icon: <SpaceDashboardOutlinedIcon />,
  },
  {
    // This page is the overview; the detailed figures live in the dashboard's analytics tab.
    to: `${paths.dashboard.path}?tab=analytics`,
    title: 'Analytics & Reports',
    text: 'Athlete and partnership analytics on the dashboard.',
    icon: <AddchartRoundedIcon />,
  },
] as const;

const ADMIN_TIPS = [
  'Assign each code to its partner on the dashboard so it shows on their portal.',
  'Batches download as one ZIP with live progress, however many codes they hold.',
  'Today’s redemptions count from midnight in the business time zone.',
  'An Unlimited code shows ∞ on the voucher page and never runs out.',
];

/** /admin: the administrator's welcome page with live totals, quick actions, recent codes and tips. */
export function AdminWelcomeRoute() {
  const queryClient = useQueryClient();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            Analytics and reports
          </Typography>
          <Typography variant="h3" component="h1">
            Welcome back
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            How AV Pass vouchers are doing right now.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<RefreshRoundedIcon />}
          onClick={() => void queryClient.refetchQueries({ queryKey: [VOUCHER_URLS.adminStats] })}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        >
          Refresh Stats
        </Button>
      </Stack>
      <AdminStatCards stats={WELCOME_STATS} intervalMs={POLL_MS.stats} />
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Quick Actions
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
                  <Typography sx={{ fontWeight: 700 }}>{action.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {action.text}
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
        <QuickTips tips={ADMIN_TIPS} title="Tips" />
      </Box>
    </Container>
  );
}
