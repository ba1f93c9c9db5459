import { formatCents, utilizationPercent } from '@avpass/domain';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import SpeedOutlinedIcon from '@mui/icons-material/SpeedOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { StatCard } from '@/components/data-display/stat-card';
import { useAllocationsTable } from '@/lib/inventory-api';
import { useSession } from '@/lib/session/use-session';
import { ALLOCATED_PAGE_SIZE, AllocatedInventoryTab } from '../components/allocated-inventory-tab';
import { TransactionHistoryTab } from '../components/transaction-history-tab';

const TABS = [
  { id: 'allocated', label: 'Allocated Inventory' },
  { id: 'history', label: 'Transaction History' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** /partner-inventory (company_admin): what the club allocated to this partner and its usage. */
export function PartnerInventoryRoute() {
  const session = useSession();
  if (session.status !== 'signed-in' || session.user.role !== 'company_admin') return null;
  return <PartnerInventory />;
}

function PartnerInventory() {
  // The tab rides in the URL with its table's view (issue 27): a reload or a link opens on it.
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'allocated';
  const setTab = (next: TabId) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'allocated') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  // The cards sum every active allocation: the Allocated Inventory tab's unfiltered first page (the
  // same query, so both show at once), whatever the tab's search or filters.
  const all = useAllocationsTable({ limit: ALLOCATED_PAGE_SIZE, offset: 0 });
  const summary = all.data?.summary;
  const figure = <T,>(value: T | undefined) => (all.isError ? null : value);
  const rate = summary ? utilizationPercent(summary.totalUsed, summary.totalAllocated) : undefined;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          Partner Portal
        </Typography>
        <Typography variant="h3" component="h1">
          Inventory
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Merchandise allocated to your company and how much of it you have used.
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          gap: { xs: 1.5, md: 2.5 },
          mb: { xs: 3, md: 4 },
        }}
      >
        <StatCard
          label="Total Allocated"
          value={figure(summary?.totalAllocated)}
          icon={<Inventory2OutlinedIcon />}
          testId="card-total-allocated"
        />
        <StatCard
          label="Total Used"
          value={figure(summary?.totalUsed)}
          icon={<TaskAltOutlinedIcon />}
          testId="card-total-used"
        />
        <Box sx={{ position: 'relative' }}>
          <StatCard
            label="Utilization Rate"
            value={figure(rate === undefined ? undefined : `${rate}%`)}
            icon={<SpeedOutlinedIcon />}
            testId="card-utilization"
          />
          {rate !== undefined && (
            <LinearProgress
              variant="determinate"
              value={Math.min(rate, 100)}
              aria-label="Utilization rate"
              sx={{ position: 'absolute', left: 16, right: 16, bottom: 10, borderRadius: 2 }}
            />
          )}
        </Box>
        <StatCard
          label="Total Value"
          value={figure(summary ? formatCents(summary.totalValue) : undefined)}
          icon={<PaidOutlinedIcon />}
          testId="card-total-value"
        />
      </Box>
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: TabId) => setTab(value)}
          aria-label="Partner inventory sections"
          variant="fullWidth"
          sx={(theme) => ({ borderBottom: `1px solid ${theme.palette.divider}` })}
        >
          {TABS.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              id={`partner-inventory-tab-${t.id}`}
              aria-controls={`partner-inventory-panel-${t.id}`}
            />
          ))}
        </Tabs>
        <CardContent
          role="tabpanel"
          id={`partner-inventory-panel-${tab}`}
          aria-labelledby={`partner-inventory-tab-${tab}`}
          sx={{ p: { xs: 1.5, sm: 3 } }}
        >
          <Stack>{tab === 'allocated' ? <AllocatedInventoryTab /> : <TransactionHistoryTab />}</Stack>
        </CardContent>
      </Card>
    </Container>
  );
}
