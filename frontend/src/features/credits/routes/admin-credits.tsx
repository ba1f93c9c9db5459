import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AllocationsTab } from '../components/allocations-tab';
import { creditPanelProps, CreditTabs } from '../components/credit-tabs';
import { LedgerTab } from '../components/ledger-tab';

const TABS = [
  { id: 'allocations', label: 'Credit Allocations', Panel: AllocationsTab },
  { id: 'ledger', label: 'Transaction Ledger', Panel: LedgerTab },
] as const;

/** Athlete Credits Management (/admin-credits, super_admin). */
export function AdminCreditsRoute() {
  const [params, setParams] = useSearchParams();
  const active = TABS.find((t) => t.id === params.get('tab')) ?? TABS[0];

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Box>
          <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
            Admin Panel
          </Typography>
          <Typography variant="h3" component="h1">
            Athlete Credits Management
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            Allocate credit to athletes, trainers and coaches, and audit every purchase partners record.
          </Typography>
        </Box>
        <Button
          variant="outlined"
          component={RouterLink}
          to={paths.adminAnalytics.path}
          startIcon={<ArrowBackRoundedIcon />}
        >
          Back to Admin
        </Button>
      </Stack>
      <Card variant="outlined">
        <CreditTabs
          value={active.id}
          tabs={TABS}
          onChange={(id) => setParams({ tab: id }, { replace: true })}
        />
        <Box {...creditPanelProps(active.id)} sx={{ p: { xs: 1.5, sm: 3 } }}>
          <active.Panel />
        </Box>
      </Card>
    </Container>
  );
}
