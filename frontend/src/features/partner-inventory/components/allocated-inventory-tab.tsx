import type { Allocation } from '@avpass/contracts';
import {
  formatCentsIn,
  MERCH_CATEGORIES,
  usageLevel,
  utilizationPercent,
  type MerchCategory,
} from '@avpass/domain';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/data-display/list-states';
import { Pager } from '@/components/data-display/pager';
import { AllocationFilters, useAllocationTable } from '@/components/inventory/allocation-table';
import { useLanguage, useT } from '@/i18n/i18n';
import { useAllocationsTable } from '@/lib/inventory-api';
import { EmptyState } from './empty-state';
import { UpdateUsageDialog } from './update-usage-dialog';

const LEVEL_COLOR = { high: 'error.main', medium: 'warning.dark', normal: 'success.main' } as const;
const isCategory = (value: string): value is MerchCategory =>
  (MERCH_CATEGORIES as readonly string[]).includes(value);

/**
 * Allocated Inventory: search by name, SKU, category or notes, status (active or removed) and a sort,
 * on the server, the view and the page in the URL (issue 27); one card per allocation.
 */
export function AllocatedInventoryTab() {
  const t = useT();
  const table = useAllocationTable('partner');
  const allocations = useAllocationsTable(table.query);
  const [updating, setUpdating] = useState<Allocation | null>(null);
  const rows = allocations.data?.items ?? [];
  const debounced = table.search ?? '';

  return (
    <Box>
      <Stack direction="row" spacing={1.5} sx={{ mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          fullWidth
          // A short label that fits a phone in any language; the whole phrase is the field's name.
          label={t('inventory.search')}
          placeholder={t('inventory.allocated.searchPlaceholder')}
          slotProps={{ htmlInput: { 'aria-label': t('inventory.allocated.search') } }}
          value={table.searchText}
          onChange={(e) => table.setSearchText(e.target.value)}
        />
        <Chip
          label={t('inventory.allocated.count', { count: allocations.data?.total ?? 0 })}
          data-testid="item-count"
        />
      </Stack>
      <AllocationFilters role="partner" table={table} />
      {allocations.isPending ? (
        <Box
          role="status"
          aria-label={t('inventory.allocated.loading')}
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
          }}
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : allocations.isError ? (
        <LoadErrorAlert
          error={allocations.error}
          onRetry={() => void allocations.refetch()}
          fallback={t('inventory.allocated.loadFailed')}
        />
      ) : rows.length === 0 && debounced.trim() ? (
        <EmptyState
          title={t('inventory.allocated.noMatch', { search: debounced.trim() })}
          text={t('inventory.allocated.noMatchText')}
        />
      ) : rows.length === 0 && table.status === 'removed' ? (
        <EmptyState
          title={t('inventory.allocated.noneRemoved')}
          text={t('inventory.allocated.noneRemovedText')}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('inventory.allocated.empty')} text={t('inventory.allocated.emptyText')} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
          }}
        >
          {rows.map((a) => (
            <AllocationCard key={a.id} allocation={a} onUpdate={() => setUpdating(a)} />
          ))}
        </Box>
      )}
      {rows.length > 0 && (
        <Pager
          variant="wrap"
          count={allocations.data?.total ?? 0}
          countIsLowerBound={allocations.data?.totalIsLowerBound ?? false}
          paging={table.paging}
        />
      )}
      <UpdateUsageDialog allocation={updating} onClose={() => setUpdating(null)} />
    </Box>
  );
}

function AllocationCard({ allocation: a, onUpdate }: { allocation: Allocation; onUpdate: () => void }) {
  const t = useT();
  const language = useLanguage();
  const level = usageLevel(a.usedQuantity, a.quantity);
  const percent = utilizationPercent(a.usedQuantity, a.quantity);
  return (
    <Card
      variant="outlined"
      data-testid="allocation-card"
      data-usage-level={level}
      data-allocation-id={a.id}
      data-quantity={a.quantity}
    >
      <CardContent>
        <Stack direction="row" spacing={2}>
          <Box
            sx={(theme) => ({
              width: 72,
              height: 72,
              borderRadius: 2,
              overflow: 'hidden',
              display: 'grid',
              placeItems: 'center',
              backgroundColor: theme.palette.action.hover,
              flexShrink: 0,
            })}
          >
            {a.item.imageUrl ? (
              <Box
                component="img"
                src={a.item.imageUrl}
                alt={a.item.name}
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            ) : (
              <ImageOutlinedIcon color="disabled" />
            )}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary">
              {isCategory(a.item.category) ? t(`inventory.category.${a.item.category}`) : a.item.category}
            </Typography>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.25 }}>
              {a.item.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('inventory.allocated.skuSize', { sku: a.item.sku, size: a.size })}
              {a.color ? ` · ${a.color}` : ''}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography
            variant="h5"
            component="p"
            data-testid="usage"
            sx={{ fontWeight: 800, color: LEVEL_COLOR[level] }}
          >
            {a.usedQuantity}/{a.quantity}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('inventory.allocated.percentUsed', { percent })}
          </Typography>
        </Stack>
        <Stack direction="row" sx={{ mt: 1, justifyContent: 'space-between' }}>
          <Typography variant="body2">
            {t('inventory.allocated.remaining', { count: a.quantity - a.usedQuantity })}
          </Typography>
          <Typography variant="body2">
            {t('inventory.allocated.unitPrice', { price: formatCentsIn(language, a.price ?? a.item.price) })}
          </Typography>
        </Stack>
        {a.notes && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {a.notes}
          </Typography>
        )}
        {a.isActive ? (
          <Button fullWidth variant="outlined" sx={{ mt: 2 }} onClick={onUpdate}>
            {t('inventory.allocated.update')}
          </Button>
        ) : (
          <Chip label={t('inventory.allocated.removed')} size="small" sx={{ mt: 2 }} />
        )}
      </CardContent>
    </Card>
  );
}
