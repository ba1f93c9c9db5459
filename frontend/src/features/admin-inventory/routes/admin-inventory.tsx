import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import StyleOutlinedIcon from '@mui/icons-material/StyleOutlined';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { StatCard } from '@/components/data-display/stat-card';
import { useInventorySummary } from '@/lib/inventory-api';
import { useSession } from '@/lib/session/use-session';
import { AllocationsTab } from '../components/allocations-tab';
import { InventoryTab } from '../components/inventory-tab';
import { MerchItemsTab } from '../components/merch-items-tab';
import { TransactionsTab } from '../components/transactions-tab';
import { INVENTORY_TABS, type InventorySelection, type InventoryTabId } from '../types';

/** /admin-inventory (super_admin; the router shows everyone else the 404 page, spec section 2). */
export function AdminInventoryRoute() {
  const session = useSession();
  if (session.status !== 'signed-in' || session.user.role !== 'super_admin') return null;
  return <AdminInventory />;
}

function AdminInventory() {
  const summary = useInventorySummary();
  const [params, setParams] = useSearchParams();
  const tab: InventoryTabId = INVENTORY_TABS.find((t) => t.id === params.get('tab'))?.id ?? 'items';
  const selection: InventorySelection = {
    itemId: params.get('item'),
    lineId: params.get('line'),
    select(next) {
      const updated = new URLSearchParams(params);
      const apply = (key: string, value: string | null | undefined) => {
        if (value === undefined) return;
        if (value === null) updated.delete(key);
        else updated.set(key, value);
      };
      apply('tab', next.tab === 'items' ? null : next.tab);
      apply('item', next.itemId);
      apply('line', next.lineId);
      setParams(updated, { replace: true });
    },
  };
  const figure = (value: number | undefined) => (summary.isError ? null : value?.toLocaleString('en-US'));

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ mb: { xs: 3, md: 4 } }}>
        <Typography variant="overline" sx={(theme) => ({ color: theme.palette.secondary.dark })}>
          Admin Panel
        </Typography>
        <Typography variant="h3" component="h1">
          Inventory
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Merchandise, stock levels and what each partner holds.
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
          label="Total Items"
          value={figure(summary.data?.totalItems)}
          icon={<StyleOutlinedIcon />}
          testId="card-total-items"
        />
        <StatCard
          label="Total Inventory"
          value={figure(summary.data?.totalInventory)}
          icon={<Inventory2OutlinedIcon />}
          testId="card-total-inventory"
        />
        <StatCard
          label="Active Allocations"
          value={figure(summary.data?.activeAllocations)}
          icon={<LocalShippingOutlinedIcon />}
          testId="card-active-allocations"
        />
        <StatCard
          label="Low Stock Items"
          value={figure(summary.data?.lowStockItems)}
          icon={<WarningAmberRoundedIcon />}
          testId="card-low-stock"
        />
      </Box>
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: InventoryTabId) => selection.select({ tab: value })}
          aria-label="Inventory sections"
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={(theme) => ({ px: { xs: 0, sm: 2 }, borderBottom: `1px solid ${theme.palette.divider}` })}
        >
          {INVENTORY_TABS.map((t) => (
            <Tab
              key={t.id}
              value={t.id}
              label={t.label}
              id={`inventory-tab-${t.id}`}
              aria-controls={`inventory-panel-${t.id}`}
            />
          ))}
        </Tabs>
        <CardContent
          role="tabpanel"
          id={`inventory-panel-${tab}`}
          aria-labelledby={`inventory-tab-${tab}`}
          sx={{ p: { xs: 1.5, sm: 3 } }}
        >
          {tab === 'items' && <MerchItemsTab selection={selection} />}
          {tab === 'inventory' && <InventoryTab selection={selection} />}
          {tab === 'allocations' && <AllocationsTab selection={selection} />}
          {tab === 'transactions' && <TransactionsTab selection={selection} />}
        </CardContent>
      </Card>
    </Container>
  );
}
