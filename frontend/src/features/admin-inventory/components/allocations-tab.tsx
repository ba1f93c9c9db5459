import type { Allocation, MerchItem } from '@avpass/contracts';
import { dollarsToCents, formatCents, formatDate } from '@avpass/domain';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import { useAllocations } from '@/lib/inventory-api';
import { viewerTimeZone } from '@/lib/time-zone';
import { useCompanies } from '@/lib/vouchers-api';
import { useMerchItems } from '../api/get-merch-items';
import { useCreateAllocation } from '../api/create-allocation';
import { useItemLines } from '../api/get-item-lines';
import { useRemoveAllocation } from '../api/remove-allocation';
import type { InventorySelection } from '../types';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { StateTable } from '@/components/data-display/state-table';
import { ItemToolbar } from './item-picker';

/** Allocations: every active allocation; New Allocation for the chosen item's lines; remove with confirm. */
export function AllocationsTab({ selection }: { selection: InventorySelection }) {
  const { toast } = useToast();
  const allocations = useAllocations();
  const companies = useCompanies();
  const items = useMerchItems();
  const item = items.data?.items.find((i) => i.id === selection.itemId) ?? null;
  const lines = useItemLines(selection.itemId);
  const remove = useRemoveAllocation();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Allocation | null>(null);
  const partnerName = (id: string) => companies.data?.find((c) => c.id === id)?.name ?? 'Unknown partner';
  const rows = allocations.data?.items ?? [];
  const state = allocations.isPending
    ? 'loading'
    : allocations.isError
      ? 'error'
      : rows.length === 0
        ? 'empty'
        : 'ready';
  const canAllocate = !!item && (lines.data?.length ?? 0) > 0;

  return (
    <Box>
      <ItemToolbar
        selection={selection}
        actionLabel="New Allocation"
        actionDisabled={!canAllocate}
        onAction={() => setCreating(true)}
      />
      {!canAllocate && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Choose an item that has inventory to allocate it to a partner.
        </Typography>
      )}
      <StateTable
        label="Allocations"
        minWidth={760}
        columns={[
          'Partner',
          'Item',
          'Size / Color',
          { label: 'Quantity', align: 'right' },
          { label: 'Used', align: 'right' },
          { label: 'Price', align: 'right' },
          'Date',
          { label: 'Remove', align: 'right' },
        ]}
        state={state}
        error={allocations.error}
        emptyText="No allocations yet. Create inventory first, then allocate to partners."
        onRetry={() => void allocations.refetch()}
      >
        {rows.map((a) => (
          <TableRow key={a.id} data-testid="allocation-row">
            <TableCell sx={{ fontWeight: 700 }}>{partnerName(a.partnerId)}</TableCell>
            <TableCell>
              {a.item.name}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {a.item.sku}
              </Typography>
            </TableCell>
            <TableCell>
              {a.size}
              {a.color ? ` / ${a.color}` : ''}
            </TableCell>
            <TableCell align="right">{a.quantity}</TableCell>
            <TableCell align="right">{a.usedQuantity}</TableCell>
            <TableCell align="right">{formatCents(a.price ?? a.item.price)}</TableCell>
            <TableCell>{formatDate(a.allocatedAt, viewerTimeZone())}</TableCell>
            <TableCell align="right">
              <IconButton
                aria-label={`Remove allocation of ${a.item.name}`}
                color="error"
                onClick={() => setRemoving(a)}
              >
                <DeleteOutlineRoundedIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </StateTable>
      {item && <AllocationDialog open={creating} item={item} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={!!removing}
        title="Remove allocation"
        description="Remove this allocation?"
        confirmLabel="Remove"
        pending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => toast({ title: 'Success', description: 'Allocation removed successfully' }),
            onError: (error) =>
              toast({
                title: 'Error',
                description: errorMessageOf(error, 'Failed to remove allocation'),
                kind: 'destructive',
              }),
            onSettled: () => setRemoving(null),
          });
        }}
      />
    </Box>
  );
}

function AllocationDialog({ open, item, onClose }: { open: boolean; item: MerchItem; onClose: () => void }) {
  return open ? <AllocationDialogBody item={item} onClose={onClose} /> : null;
}

function AllocationDialogBody({ item, onClose }: { item: MerchItem; onClose: () => void }) {
  const { toast } = useToast();
  const companies = useCompanies();
  const lines = useItemLines(item.id);
  const create = useCreateAllocation();
  const [partnerId, setPartnerId] = useState('');
  const [lineId, setLineId] = useState('');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit() {
    const found: Record<string, string> = {};
    if (!partnerId) found.partnerId = 'Partner is required';
    if (!lineId) found.merchInventoryId = 'Inventory item is required';
    if (!quantity.trim()) found.quantity = 'Quantity is required';
    else if (!Number.isInteger(Number(quantity)) || Number(quantity) < 1)
      found.quantity = 'Quantity must be a whole number greater than 0';
    let priceCents: number | null = null;
    if (price.trim()) {
      try {
        priceCents = dollarsToCents(price);
        if (priceCents < 0) found.price = 'Price cannot be negative';
      } catch {
        found.price = 'Price must be a valid amount in dollars';
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    create.mutate(
      {
        partnerId,
        merchInventoryId: lineId,
        merchItemId: item.id,
        quantity: Number(quantity),
        price: priceCents,
        notes,
      },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Allocation created successfully' });
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          toast({
            title: 'Error',
            description: errorMessageOf(error, 'Failed to create allocation'),
            kind: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>New Allocation — {item.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Partner"
            required
            value={partnerId}
            onChange={(e) => setPartnerId(e.target.value)}
            error={!!errors.partnerId}
            helperText={errors.partnerId}
          >
            {(companies.data ?? []).map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Inventory item"
            required
            value={lineId}
            onChange={(e) => setLineId(e.target.value)}
            error={!!errors.merchInventoryId}
            helperText={errors.merchInventoryId}
          >
            {(lines.data ?? []).map((l) => (
              <MenuItem key={l.id} value={l.id} disabled={l.availableQuantity === 0}>
                {l.size}
                {l.color ? ` / ${l.color}` : ''} — {l.availableQuantity} available
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Quantity"
            required
            type="number"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            error={!!errors.quantity}
            helperText={errors.quantity}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
          />
          <TextField
            label="Partner price ($, optional)"
            type="number"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            error={!!errors.price}
            helperText={errors.price ?? `Item price ${formatCents(item.price)} applies when blank`}
            slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
          />
          <TextField
            label="Notes (optional)"
            multiline
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={create.isPending} onClick={submit}>
          Create Allocation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
