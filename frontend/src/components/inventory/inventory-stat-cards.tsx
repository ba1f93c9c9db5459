import { formatCentsIn, formatNumberIn, utilizationPercent } from '@avpass/domain';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PaidOutlinedIcon from '@mui/icons-material/PaidOutlined';
import SpeedOutlinedIcon from '@mui/icons-material/SpeedOutlined';
import StyleOutlinedIcon from '@mui/icons-material/StyleOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import WarningAmberRoundedIcon from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { StatCard, type StatCardProps } from '@/components/data-display/stat-card';
import { useLanguage, useT } from '@/i18n/i18n';
import { useAllocationsTable, useInventorySummary } from '@/lib/inventory-api';
import { ALLOCATED_PAGE_SIZE } from './allocation-table';
import type { InventoryRole } from './inventory-roles';

/** One figure: a stat card, and (the utilization rate) a bar along its foot once its value is known. */
type Figure = Pick<StatCardProps, 'label' | 'value' | 'icon' | 'testId'> & { bar?: { value?: number } };

function FigureGrid({ figures }: { figures: readonly Figure[] }) {
  const t = useT();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        gap: { xs: 1.5, md: 2.5 },
        mb: { xs: 3, md: 4 },
      }}
    >
      {figures.map(({ bar, ...card }) =>
        bar === undefined ? (
          <StatCard key={card.testId} {...card} />
        ) : (
          <Box key={card.testId} sx={{ position: 'relative' }}>
            <StatCard {...card} />
            {bar.value !== undefined && (
              <LinearProgress
                variant="determinate"
                value={Math.min(bar.value, 100)}
                aria-label={t('staff.inventory.figure.utilizationBar')}
                sx={{ position: 'absolute', left: 16, right: 16, bottom: 10, borderRadius: 2 }}
              />
            )}
          </Box>
        ),
      )}
    </Box>
  );
}

/** The administrator's: items, units in stock, active allocations and low stock lines. */
function AdminFigures() {
  const t = useT();
  const language = useLanguage();
  const summary = useInventorySummary();
  const figure = (value: number | undefined) =>
    summary.isError ? null : value === undefined ? undefined : formatNumberIn(language, value);
  return (
    <FigureGrid
      figures={[
        {
          label: t('staff.inventory.figure.totalItems'),
          value: figure(summary.data?.totalItems),
          icon: <StyleOutlinedIcon />,
          testId: 'card-total-items',
        },
        {
          label: t('staff.inventory.figure.totalInventory'),
          value: figure(summary.data?.totalInventory),
          icon: <Inventory2OutlinedIcon />,
          testId: 'card-total-inventory',
        },
        {
          label: t('staff.inventory.figure.activeAllocations'),
          value: figure(summary.data?.activeAllocations),
          icon: <LocalShippingOutlinedIcon />,
          testId: 'card-active-allocations',
        },
        {
          label: t('staff.inventory.figure.lowStock'),
          value: figure(summary.data?.lowStockItems),
          icon: <WarningAmberRoundedIcon />,
          testId: 'card-low-stock',
        },
      ]}
    />
  );
}

/**
 * The partner's: the sums over every active allocation, from the Allocated Inventory tab's unfiltered
 * first page (the same query, so both show at once), whatever the tab's search or filters.
 */
function PartnerFigures() {
  const t = useT();
  const language = useLanguage();
  const all = useAllocationsTable({ limit: ALLOCATED_PAGE_SIZE, offset: 0 });
  const summary = all.data?.summary;
  const figure = <T,>(value: T | undefined) => (all.isError ? null : value);
  const rate = summary ? utilizationPercent(summary.totalUsed, summary.totalAllocated) : undefined;
  return (
    <FigureGrid
      figures={[
        {
          label: t('staff.inventory.figure.totalAllocated'),
          value: figure(summary?.totalAllocated),
          icon: <Inventory2OutlinedIcon />,
          testId: 'card-total-allocated',
        },
        {
          label: t('staff.inventory.figure.totalUsed'),
          value: figure(summary?.totalUsed),
          icon: <TaskAltOutlinedIcon />,
          testId: 'card-total-used',
        },
        {
          label: t('staff.inventory.figure.utilization'),
          // A figure, not words: the same sign in both languages.
          value: figure(rate === undefined ? undefined : `${formatNumberIn(language, rate)}%`),
          icon: <SpeedOutlinedIcon />,
          testId: 'card-utilization',
          bar: rate === undefined ? {} : { value: rate },
        },
        {
          label: t('staff.inventory.figure.totalValue'),
          value: figure(summary ? formatCentsIn(language, summary.totalValue) : undefined),
          icon: <PaidOutlinedIcon />,
          testId: 'card-total-value',
        },
      ]}
    />
  );
}

/** An inventory screen's four figures for a role. */
export function InventoryStatCards({ role }: { role: InventoryRole }) {
  return role === 'admin' ? <AdminFigures /> : <PartnerFigures />;
}
