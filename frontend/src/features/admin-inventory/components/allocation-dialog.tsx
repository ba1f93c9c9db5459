import type { MerchItem } from '@avpass/contracts';
import { dollarsToCents, formatCents } from '@avpass/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog, NotesField } from '@/components/feedback/form-dialog';
import { useFormMutationToasts } from '@/components/toast/form-mutation-toasts';
import { focusFirstError } from '@/lib/form-errors';
import { useCompanies } from '@/lib/vouchers-api';
import { useCreateAllocation } from '../api/create-allocation';
import { useItemLines } from '../api/get-item-lines';

/** New Allocation: a partner, one of the item's lines, a quantity, an optional partner price and notes. */
export function AllocationDialog({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: MerchItem;
  onClose: () => void;
}) {
  return open ? <AllocationDialogBody item={item} onClose={onClose} /> : null;
}

function AllocationDialogBody({ item, onClose }: { item: MerchItem; onClose: () => void }) {
  const toasts = useFormMutationToasts();
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
      toasts({
        success: 'Allocation created successfully',
        failure: 'Failed to create allocation',
        onDone: onClose,
        onFieldErrors: setErrors,
      }),
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
