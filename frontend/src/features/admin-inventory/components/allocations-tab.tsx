import {
  ALLOCATION_SORT_DEFAULT_ORDER,
  ALLOCATION_SORTS,
  ALLOCATION_STATUSES,
  type Allocation,
  type MerchItem,
} from '@avpass/contracts';
import { dollarsToCents, formatCents, formatDate } from '@avpass/domain';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog, NotesField } from '@/components/feedback/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { focusFirstError } from '@/lib/form-errors';
import { ResponsivePagedList, stickyEndCellSx } from '@/components/data-display/responsive-paged-list';
import { SortSelect, StatusFilter } from '@/components/data-display/table-filters';
import { PartnerPicker } from '@/components/form/partner-picker';
import { ALLOCATION_SORT_CHOICES, ALLOCATION_STATUS_LABELS } from '@/components/inventory/allocation-table';
import { InventoryCard } from '@/components/inventory/inventory-card';
import { useAllocationsTable } from '@/lib/inventory-api';
import { useTableState } from '@/lib/table-state';
import { viewerTimeZone } from '@/lib/time-zone';
import { useCompanies } from '@/lib/vouchers-api';
import { useMerchItems } from '../api/get-merch-items';
import { useCreateAllocation } from '../api/create-allocation';
import { useItemLines } from '../api/get-item-lines';
import { useRemoveAllocation } from '../api/remove-allocation';
import type { InventorySelection } from '../types';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { ItemToolbar } from './item-picker';

/**
 * Allocations: every active (or removed) allocation, sorted by date or quantity and filtered by status
 * and partner on the server, the view in the URL (issue 27); New Allocation for the chosen item's
 * lines; remove with confirm.
 */
export function AllocationsTab({ selection }: { selection: InventorySelection }) {
  const { toast } = useToast();
  const table = useTableState({
    sorts: ALLOCATION_SORTS,
    defaultSort: { key: 'allocatedAt', order: 'desc' },
    firstOrder: ALLOCATION_SORT_DEFAULT_ORDER,
    statuses: ALLOCATION_STATUSES,
    prefix: 'alloc',
  });
  const allocations = useAllocationsTable(table.query);
  const companies = useCompanies();
  const items = useMerchItems();
  const item = items.data?.items.find((i) => i.id === selection.itemId) ?? null;
  const lines = useItemLines(selection.itemId);
  const remove = useRemoveAllocation();
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Allocation | null>(null);
  const partnerName = (id: string) => companies.data?.find((c) => c.id === id)?.name ?? 'Unknown partner';
  const canAllocate = !!item && (lines.data?.length ?? 0) > 0;
  const removeButton = (a: Allocation) =>
    a.isActive ? (
      <IconButton
        aria-label={`Remove allocation of ${a.item.name}`}
        color="error"
        onClick={() => setRemoving(a)}
      >
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
    ) : (
      <Typography variant="caption" color="text.secondary">
        Removed
      </Typography>
    );
  const sizeColor = (a: Allocation) => `${a.size}${a.color ? ` / ${a.color}` : ''}`;

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
      <Box
        role="group"
        aria-label="Filter and sort the allocations"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'center' }}
      >
        <StatusFilter value={table.status} onChange={table.setStatus} labels={ALLOCATION_STATUS_LABELS} />
        <Box sx={{ width: { xs: '100%', sm: 300 } }}>
          <PartnerPicker
            size="small"
            label="Partner"
            allowNone={false}
            helperText=""
            testId="allocations-partner-filter"
            value={table.partner ? { ...table.partner, logoUrl: null } : null}
            onChange={(partner) =>
              table.setPartner(partner && partner.id ? { id: partner.id, name: partner.name } : undefined)
            }
          />
        </Box>
        <SortSelect value={table.sort} onChange={table.setSort} choices={ALLOCATION_SORT_CHOICES} />
      </Box>
      <ResponsivePagedList
        query={allocations}
        paging={table.paging}
        label="Allocations"
        minWidth={860}
        sort={{
          ...table.sort,
          onSort: (key) => {
            const known = ALLOCATION_SORTS.find((sort) => sort === key);
            if (known) table.toggleSort(known);
          },
        }}
        columns={[
          'Partner',
          'Item',
          'Size / Color',
          { label: 'Quantity', align: 'right', sortKey: 'quantity' },
          { label: 'Used', align: 'right' },
          { label: 'Price', align: 'right' },
          { label: 'Date', sortKey: 'allocatedAt' },
          { label: 'Remove', align: 'right', sticky: true },
        ]}
        emptyText={
          table.filtered
            ? 'No allocations match these filters.'
            : 'No allocations yet. Create inventory first, then allocate to partners.'
        }
        itemKey={(a) => a.id}
        renderRow={(a) => (
          <TableRow hover data-testid="allocation-row" data-allocation-id={a.id}>
            <TableCell sx={{ fontWeight: 700 }}>{partnerName(a.partnerId)}</TableCell>
            <TableCell>
              {a.item.name}
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {a.item.sku}
              </Typography>
            </TableCell>
            <TableCell>{sizeColor(a)}</TableCell>
            <TableCell align="right" data-testid="allocation-quantity">
              {a.quantity}
            </TableCell>
            <TableCell align="right">{a.usedQuantity}</TableCell>
            <TableCell align="right">{formatCents(a.price ?? a.item.price)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(a.allocatedAt, viewerTimeZone())}</TableCell>
            <TableCell align="right" sx={stickyEndCellSx}>
              {removeButton(a)}
            </TableCell>
          </TableRow>
        )}
        renderCard={(a) => (
          <InventoryCard
            testId="allocation-card"
            dimmed={!a.isActive}
            header={
              <Box>
                <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
                  {partnerName(a.partnerId)}
                </Typography>
                <Typography variant="body2">
                  {a.item.name} · {sizeColor(a)}
                </Typography>
              </Box>
            }
            fields={[
              ['Quantity', <span data-testid="allocation-quantity">{a.quantity}</span>],
              ['Used', a.usedQuantity],
              ['Price', formatCents(a.price ?? a.item.price)],
              ['Date', formatDate(a.allocatedAt, viewerTimeZone())],
            ]}
            actions={removeButton(a)}
          />
        )}
      />
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
    <FormDialog
      title={`New Allocation — ${item.name}`}
      submitLabel="Create Allocation"
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
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
      <NotesField value={notes} onChange={setNotes} />
    </FormDialog>
  );
}
