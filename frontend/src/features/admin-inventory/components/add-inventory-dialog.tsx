import type { MerchItem } from '@avpass/contracts';
import { DEFAULT_MIN_STOCK_LEVEL } from '@avpass/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '@/components/feedback/form-dialog';
import { focusFirstError } from '@/lib/form-errors';
import { useAddInventory } from '../api/add-inventory';
import { useInventoryMutationToasts, useInventoryWords } from '../lib/inventory-words';

/** Add Inventory: size (from the item's sizes), optional colour, quantity, location, minimum level. */
export function AddInventoryDialog({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: MerchItem;
  onClose: () => void;
}) {
  // Mounted per opening, so the form starts blank every time.
  return open ? <AddInventoryDialogBody item={item} onClose={onClose} /> : null;
}

function AddInventoryDialogBody({ item, onClose }: { item: MerchItem; onClose: () => void }) {
  const { t } = useInventoryWords();
  const toasts = useInventoryMutationToasts();
  const add = useAddInventory();
  const [size, setSize] = useState('');
  const [color, setColor] = useState('');
  const [quantity, setQuantity] = useState('');
  const [location, setLocation] = useState('');
  const [minStock, setMinStock] = useState(String(DEFAULT_MIN_STOCK_LEVEL));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit() {
    const found: Record<string, string> = {};
    if (!size) found.size = t('inventory.add.sizeRequired');
    if (!quantity.trim()) found.quantity = t('inventory.add.quantityRequired');
    else if (!Number.isInteger(Number(quantity)) || Number(quantity) < 0)
      found.quantity = t('inventory.add.quantityInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError();
    add.mutate(
      {
        merchItemId: item.id,
        size,
        color: color || null,
        totalQuantity: Number(quantity),
        minStockLevel: Number(minStock || 0),
        location,
      },
      toasts({
        success: t('inventory.add.done'),
        failure: t('inventory.add.failed'),
        onDone: onClose,
        onFieldErrors: (fields) =>
          setErrors({ ...fields, ...(fields.totalQuantity ? { quantity: fields.totalQuantity } : {}) }),
      }),
    );
  }

  return (
    <FormDialog
      title={t('inventory.add.title', { name: item.name })}
      submitLabel={t('inventory.add.submit')}
      pending={add.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        label={t('inventory.add.size')}
        required
        value={size}
        onChange={(e) => setSize(e.target.value)}
        error={!!errors.size}
        helperText={errors.size}
      >
        {item.sizes.map((s) => (
          <MenuItem key={s} value={s}>
            {s}
          </MenuItem>
        ))}
      </TextField>
      {item.colors.length > 0 && (
        <TextField
          select
          label={t('inventory.add.color')}
          value={color}
          onChange={(e) => setColor(e.target.value)}
        >
          <MenuItem value="">{t('inventory.add.noColor')}</MenuItem>
          {item.colors.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label={t('inventory.add.quantity')}
        required
        type="number"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={!!errors.quantity}
        helperText={errors.quantity}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
      <TextField
        label={t('inventory.add.location')}
        value={location}
        onChange={(e) => setLocation(e.target.value)}
      />
      <TextField
        label={t('inventory.add.minStock')}
        type="number"
        value={minStock}
        onChange={(e) => setMinStock(e.target.value)}
        helperText={t('inventory.add.minStockHelp')}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
    </FormDialog>
  );
}
