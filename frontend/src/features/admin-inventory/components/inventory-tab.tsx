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
import { errorMessageOf } from '@/lib/api-client';
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
  switch (line.status) {
    case 'out_of_stock':
      return <Chip size="small" color="error" label="Out of Stock" />;
    case 'low_stock':
      return <Chip size="small" color="warning" label="Low Stock" />;
    case 'in_stock':
      return <Chip size="small" color="success" variant="outlined" label="In Stock" />;
  }
}

const STOCK_STATUS_LABELS = {
  in_stock: 'In Stock',
  low_stock: 'Low Stock',
  out_of_stock: 'Out of Stock',
} as const;

/** The sort field's choices (a phone has no headers to press). */
const LINE_SORT_CHOICES = [
  { key: 'size', order: 'asc', label: 'Size (XS–XXXL)' },
  { key: 'size', order: 'desc', label: 'Size (XXXL–XS)' },
  { key: 'available', order: 'desc', label: 'Available (most first)' },
  { key: 'available', order: 'asc', label: 'Available (fewest first)' },
  { key: 'total', order: 'desc', label: 'Total (most first)' },
  { key: 'allocated', order: 'desc', label: 'Allocated (most first)' },
  { key: 'sold', order: 'desc', label: 'Sold (most first)' },
] as const;

/**
 * Inventory: the chosen item's lines with their status, sorted by size or a quantity and filtered by
 * status on the server, the view in the URL (issue 27); Restock and History; Add Inventory. An item
 * has at most 77 lines, all fetched at once and shown a page at a time.
 */
export function InventoryTab({ selection }: { selection: InventorySelection }) {
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
        Restock
      </Button>
      <Button
        size="small"
        startIcon={<HistoryRoundedIcon />}
        onClick={() => selection.select({ tab: 'transactions', lineId: line.id })}
      >
        History
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
          toast({ title: 'Success', description: 'Inventory updated successfully' });
          setRestocking(null);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessageOf(error, 'Failed to update inventory'),
            kind: 'destructive',
          }),
      },
    );
  }

  return (
    <Box>
      <ItemToolbar
        selection={selection}
        actionLabel="Add Inventory"
        actionDisabled={!item}
        onAction={() => setAdding(true)}
      />
      {!selection.itemId ? (
        <Stack spacing={1} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
          <Inventory2OutlinedIcon color="disabled" sx={{ fontSize: 40 }} />
          <Typography color="text.secondary">Select an item to see its inventory.</Typography>
        </Stack>
      ) : (
        <>
          <Box
            role="group"
            aria-label="Filter and sort the inventory lines"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
          >
            <StatusFilter value={table.status} onChange={table.setStatus} labels={STOCK_STATUS_LABELS} />
            <SortSelect value={table.sort} onChange={table.setSort} choices={LINE_SORT_CHOICES} />
          </Box>
          <ResponsivePagedList
            query={page}
            paging={table.paging}
            label="Inventory lines"
            minWidth={760}
            sort={{
              ...table.sort,
              onSort: (key) => {
                const known = INVENTORY_LINE_SORTS.find((sort) => sort === key);
                if (known) table.toggleSort(known);
              },
            }}
            columns={[
              { label: 'Size', sortKey: 'size' },
              'Color',
              { label: 'Total', align: 'right', sortKey: 'total' },
              { label: 'Available', align: 'right', sortKey: 'available' },
              { label: 'Allocated', align: 'right', sortKey: 'allocated' },
              { label: 'Sold', align: 'right', sortKey: 'sold' },
              { label: 'Min Stock', align: 'right' },
              'Status',
              { label: 'Actions', align: 'right', sticky: true },
            ]}
            emptyText={
              table.status
                ? `No ${STOCK_STATUS_LABELS[table.status].toLowerCase()} lines for this item.`
                : 'No inventory for this item yet. Add inventory to start tracking stock.'
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
                  ['Total', line.totalQuantity],
                  ['Available', line.availableQuantity],
                  ['Allocated', line.allocatedQuantity],
                  ['Sold', line.soldQuantity],
                  ['Min Stock', line.minStockLevel],
                ]}
                actions={lineActions(line)}
              />
            )}
          />
        </>
      )}
      {item && <AddInventoryDialog open={adding} item={item} onClose={() => setAdding(false)} />}
      <Dialog open={!!restocking} onClose={() => setRestocking(null)} maxWidth="xs" fullWidth>
        <DialogTitle>Restock</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            How many units to add to {restocking?.size}
            {restocking?.color ? ` / ${restocking.color}` : ''}?
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label="Quantity to add"
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
          <Button onClick={() => setRestocking(null)}>Cancel</Button>
          <Button variant="contained" disabled={restock.isPending} onClick={submitRestock}>
            Restock
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
