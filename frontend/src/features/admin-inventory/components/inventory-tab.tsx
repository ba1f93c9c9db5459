import {
  INVENTORY_LINE_SORT_DEFAULT_ORDER,
  INVENTORY_LINE_SORTS,
  STOCK_STATUSES,
  type InventoryLine,
} from '@avpass/contracts';
import HistoryRoundedIcon from '@mui/icons-material/HistoryRounded';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { SortSelect, StatusFilter } from '@/components/data-display/table-filters';
import { InventoryCard } from '@/components/inventory/inventory-card';
import { useTableState } from '@/lib/table-state';
import { useMerchItems } from '../api/get-merch-items';
import { useItemLines } from '../api/get-item-lines';
import { useRestock } from '../api/restock';
import type { InventorySelection } from '../types';
import { AddInventoryDialog } from './add-inventory-dialog';
import { ItemToolbar } from './item-picker';

export function StockStatusChip({ line }: { line: InventoryLine }) {
  const t = useT();
  const label = t(`inventory.stock.${line.status}`);
  switch (line.status) {
    case 'out_of_stock':
      return <Chip size="small" color="error" label={label} />;
    case 'low_stock':
      return <Chip size="small" color="warning" label={label} />;
    case 'in_stock':
      return <Chip size="small" color="success" variant="outlined" label={label} />;
  }
}

/** The sort field's choices (a phone has no headers to press). */
const LINE_SORT_CHOICES = [
  { key: 'size', order: 'asc', label: 'inventory.lines.sort.sizeAsc' },
  { key: 'size', order: 'desc', label: 'inventory.lines.sort.sizeDesc' },
  { key: 'available', order: 'desc', label: 'inventory.lines.sort.availableMost' },
  { key: 'available', order: 'asc', label: 'inventory.lines.sort.availableFewest' },
  { key: 'total', order: 'desc', label: 'inventory.lines.sort.totalMost' },
  { key: 'allocated', order: 'desc', label: 'inventory.lines.sort.allocatedMost' },
  { key: 'sold', order: 'desc', label: 'inventory.lines.sort.soldMost' },
] as const;

/**
 * Inventory: the chosen item's lines with their status, sorted by size or a quantity and filtered by
 * status on the server, the view in the URL (issue 27); Restock and History; Add Inventory. An item
 * has at most 77 lines, all fetched at once and shown a page at a time.
 */
export function InventoryTab({ selection }: { selection: InventorySelection }) {
  const t = useT();
  const stockLabels = {
    in_stock: t('inventory.stock.in_stock'),
    low_stock: t('inventory.stock.low_stock'),
    out_of_stock: t('inventory.stock.out_of_stock'),
  };
  const sortChoices = LINE_SORT_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }));
  const { toast } = useToast();
  const items = useMerchItems();
  const item = items.data?.items.find((i) => i.id === selection.itemId) ?? null;
  const table = useTableState({
    sorts: INVENTORY_LINE_SORTS,
    defaultSort: { key: 'size', order: 'asc' },
    firstOrder: INVENTORY_LINE_SORT_DEFAULT_ORDER,
    statuses: STOCK_STATUSES,
    prefix: 'lines',
  });
  const lines = useItemLines(selection.itemId, {
    ...(table.query.sort ? { sort: table.query.sort, order: table.query.order } : {}),
    ...(table.status ? { status: table.status } : {}),
  });
  const restock = useRestock();
  const [adding, setAdding] = useState(false);
  const [restocking, setRestocking] = useState<InventoryLine | null>(null);
  const [amount, setAmount] = useState('');
  const rows = lines.data ?? [];
  const { offset, limit } = table.paging;
  const page = {
    data: lines.data && { items: rows.slice(offset, offset + limit), total: rows.length, limit, offset },
    isPending: lines.isPending,
    isError: lines.isError,
    error: lines.error,
    refetch: lines.refetch,
  };
  const lineActions = (line: InventoryLine) => (
    <>
      <Button
        size="small"
        onClick={() => {
          setAmount('');
          setRestocking(line);
        }}
      >
        {t('inventory.lines.restock')}
      </Button>
      <Button
        size="small"
        startIcon={<HistoryRoundedIcon />}
        onClick={() => selection.select({ tab: 'transactions', lineId: line.id })}
      >
        {t('inventory.lines.history')}
      </Button>
    </>
  );

  function submitRestock() {
    const quantity = Number(amount);
    // Spec section 5: a restock that is not a number is ignored.
    if (!restocking || !amount.trim() || !Number.isInteger(quantity) || quantity <= 0) return;
    restock.mutate(
      { id: restocking.id, quantity },
      {
        onSuccess: () => {
          toast({ title: t('inventory.success'), description: t('inventory.lines.restocked') });
          setRestocking(null);
        },
        onError: (error) =>
          toast({
            title: t('inventory.error'),
            description: apiErrorText(error, t('inventory.lines.restockFailed')),
            kind: 'destructive',
          }),
      },
    );
  }

  return (
    <Box>
      <ItemToolbar
        selection={selection}
        actionLabel={t('inventory.lines.add')}
        actionDisabled={!item}
        onAction={() => setAdding(true)}
      />
      {!selection.itemId ? (
        <Stack spacing={1} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
          <Inventory2OutlinedIcon color="disabled" sx={{ fontSize: 40 }} />
          <Typography color="text.secondary">{t('inventory.lines.selectItem')}</Typography>
        </Stack>
      ) : (
        <>
          <Box
            role="group"
            aria-label={t('inventory.lines.filter')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
          >
            <StatusFilter value={table.status} onChange={table.setStatus} labels={stockLabels} />
            <SortSelect value={table.sort} onChange={table.setSort} choices={sortChoices} />
          </Box>
          <ResponsivePagedList
            query={page}
            paging={table.paging}
            label={t('inventory.lines.label')}
            minWidth={760}
            sort={{
              ...table.sort,
              onSort: (key) => {
                const known = INVENTORY_LINE_SORTS.find((sort) => sort === key);
                if (known) table.toggleSort(known);
              },
            }}
            columns={[
              { label: t('inventory.lines.size'), sortKey: 'size' },
              t('inventory.lines.color'),
              { label: t('inventory.lines.total'), align: 'right', sortKey: 'total' },
              { label: t('inventory.lines.available'), align: 'right', sortKey: 'available' },
              { label: t('inventory.lines.allocated'), align: 'right', sortKey: 'allocated' },
              { label: t('inventory.lines.sold'), align: 'right', sortKey: 'sold' },
              { label: t('inventory.lines.minStock'), align: 'right' },
              t('inventory.lines.status'),
              { label: t('inventory.lines.actions'), align: 'right', sticky: true },
            ]}
            emptyText={
              table.status ? t(`inventory.lines.noneStatus.${table.status}`) : t('inventory.lines.empty')
            }
            itemKey={(line) => line.id}
            renderRow={(line) => (
              <TableRow hover data-testid="inventory-row" data-size={line.size} data-color={line.color ?? ''}>
                <TableCell sx={{ fontWeight: 700 }}>{line.size}</TableCell>
                <TableCell>{line.color ?? '—'}</TableCell>
                <TableCell align="right" data-testid="qty-total">
                  {line.totalQuantity}
                </TableCell>
                <TableCell align="right" data-testid="qty-available">
                  {line.availableQuantity}
                </TableCell>
                <TableCell align="right" data-testid="qty-allocated">
                  {line.allocatedQuantity}
                </TableCell>
                <TableCell align="right" data-testid="qty-sold">
                  {line.soldQuantity}
                </TableCell>
                <TableCell align="right">{line.minStockLevel}</TableCell>
                <TableCell>
                  <StockStatusChip line={line} />
                </TableCell>
                <TableCell align="right" sx={stickyEndCellSx}>
                  <Box sx={{ whiteSpace: 'nowrap' }}>{lineActions(line)}</Box>
                </TableCell>
              </TableRow>
            )}
            renderCard={(line) => (
              <InventoryCard
                testId="inventory-card"
                header={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Typography variant="subtitle2" sx={{ fontWeight: 700, flex: 1 }}>
                      {line.size}
                      {line.color ? ` / ${line.color}` : ''}
                    </Typography>
                    <StockStatusChip line={line} />
                  </Stack>
                }
                fields={[
                  [t('inventory.lines.total'), line.totalQuantity],
                  [t('inventory.lines.available'), line.availableQuantity],
                  [t('inventory.lines.allocated'), line.allocatedQuantity],
                  [t('inventory.lines.sold'), line.soldQuantity],
                  [t('inventory.lines.minStock'), line.minStockLevel],
                ]}
                actions={lineActions(line)}
              />
            )}
          />
        </>
      )}
      {item && <AddInventoryDialog open={adding} item={item} onClose={() => setAdding(false)} />}
      <Dialog open={!!restocking} onClose={() => setRestocking(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('inventory.restock.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('inventory.restock.question', {
              line: `${restocking?.size ?? ''}${restocking?.color ? ` / ${restocking.color}` : ''}`,
            })}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label={t('inventory.restock.quantity')}
            type="number"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') submitRestock();
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRestocking(null)}>{t('inventory.restock.cancel')}</Button>
          <Button variant="contained" disabled={restock.isPending} onClick={submitRestock}>
            {t('inventory.restock.submit')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
