import type { MerchItem } from '@avpass/contracts';
import { dollarsToCents } from '@avpass/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog, NotesField } from '@/components/feedback/form-dialog';
import { focusFirstError } from '@/lib/form-errors';
import { useCompanies } from '@/lib/vouchers-api';
import { useCreateAllocation } from '../api/create-allocation';
import { useItemLines } from '../api/get-item-lines';
import { useInventoryMutationToasts, useInventoryWords } from '../lib/inventory-words';

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
  const { t, money } = useInventoryWords();
  const toasts = useInventoryMutationToasts();
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
    if (!partnerId) found.partnerId = t('inventory.allocate.partnerRequired');
    if (!lineId) found.merchInventoryId = t('inventory.allocate.lineRequired');
    if (!quantity.trim()) found.quantity = t('inventory.allocate.quantityRequired');
    else if (!Number.isInteger(Number(quantity)) || Number(quantity) < 1)
      found.quantity = t('inventory.allocate.quantityInvalid');
    let priceCents: number | null = null;
    if (price.trim()) {
      try {
        priceCents = dollarsToCents(price);
        if (priceCents < 0) found.price = t('inventory.allocate.priceNegative');
      } catch {
        found.price = t('inventory.allocate.priceInvalid');
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
        success: t('inventory.allocate.done'),
        failure: t('inventory.allocate.failed'),
        onDone: onClose,
        onFieldErrors: setErrors,
      }),
    );
  }

  return (
    <FormDialog
      title={t('inventory.allocate.title', { name: item.name })}
      submitLabel={t('inventory.allocate.submit')}
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        label={t('inventory.allocate.partner')}
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
        label={t('inventory.allocate.line')}
        required
        value={lineId}
        onChange={(e) => setLineId(e.target.value)}
        error={!!errors.merchInventoryId}
        helperText={errors.merchInventoryId}
      >
        {(lines.data ?? []).map((l) => (
          <MenuItem key={l.id} value={l.id} disabled={l.availableQuantity === 0}>
            {t('inventory.allocate.lineOption', {
              line: `${l.size}${l.color ? ` / ${l.color}` : ''}`,
              available: l.availableQuantity,
            })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('inventory.allocate.quantity')}
        required
        type="number"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={!!errors.quantity}
        helperText={errors.quantity}
        slotProps={{ htmlInput: { min: 1, step: 1 } }}
      />
      <TextField
        label={t('inventory.allocate.price')}
        type="number"
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={!!errors.price}
        helperText={errors.price ?? t('inventory.allocate.priceHelp', { price: money(item.price) })}
        slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
      />
      <NotesField value={notes} onChange={setNotes} />
    </FormDialog>
  );
}
