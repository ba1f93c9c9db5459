import type { InventoryLine } from '@avpass/contracts';
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
import { StateTable } from '@/components/data-display/state-table';
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

/** Inventory: the chosen item's lines with their status, Restock and History; Add Inventory. */
export function InventoryTab({ selection }: { selection: InventorySelection }) {
  const { toast } = useToast();
  const items = useMerchItems();
  const item = items.data?.items.find((i) => i.id === selection.itemId) ?? null;
  const lines = useItemLines(selection.itemId);
  const restock = useRestock();
  const [adding, setAdding] = useState(false);
  const [restocking, setRestocking] = useState<InventoryLine | null>(null);
  const [amount, setAmount] = useState('');
  const rows = lines.data ?? [];
  const state = lines.isPending ? 'loading' : lines.isError ? 'error' : rows.length === 0 ? 'empty' : 'ready';

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
        <StateTable
          label="Inventory lines"
          minWidth={720}
          columns={[
            'Size',
            'Color',
            { label: 'Total', align: 'right' },
            { label: 'Available', align: 'right' },
            { label: 'Allocated', align: 'right' },
            { label: 'Sold', align: 'right' },
            { label: 'Min Stock', align: 'right' },
            'Status',
            { label: 'Actions', align: 'right' },
          ]}
          state={state}
          error={lines.error}
          emptyText="No inventory for this item yet. Add inventory to start tracking stock."
          onRetry={() => void lines.refetch()}
        >
          {rows.map((line) => (
            <TableRow
              key={line.id}
              data-testid="inventory-row"
              data-size={line.size}
              data-color={line.color ?? ''}
            >
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
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
              </TableCell>
            </TableRow>
          ))}
        </StateTable>
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
