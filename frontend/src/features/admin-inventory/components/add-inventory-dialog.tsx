import type { MerchItem } from '@avpass/contracts';
import { DEFAULT_MIN_STOCK_LEVEL } from '@avpass/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormDialog } from '@/components/feedback/form-dialog';
import { useFormMutationToasts } from '@/components/toast/form-mutation-toasts';
import { focusFirstError } from '@/lib/form-errors';
import { useAddInventory } from '../api/add-inventory';

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
  const toasts = useFormMutationToasts();
  const add = useAddInventory();
  const [size, setSize] = useState('');
  const [color, setColor] = useState('');
  const [quantity, setQuantity] = useState('');
  const [location, setLocation] = useState('');
  const [minStock, setMinStock] = useState(String(DEFAULT_MIN_STOCK_LEVEL));
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit() {
    const found: Record<string, string> = {};
    if (!size) found.size = 'Size is required';
    if (!quantity.trim()) found.quantity = 'Quantity is required';
    else if (!Number.isInteger(Number(quantity)) || Number(quantity) < 0)
      found.quantity = 'Quantity must be a whole number of 0 or more';
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
        success: 'Inventory added successfully',
        failure: 'Failed to add inventory',
        onDone: onClose,
        onFieldErrors: (fields) =>
          setErrors({ ...fields, ...(fields.totalQuantity ? { quantity: fields.totalQuantity } : {}) }),
      }),
    );
  }

  return (
    <FormDialog
      title={`Add Inventory — ${item.name}`}
      submitLabel="Add Inventory"
      pending={add.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        label="Size"
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
        <TextField select label="Color (optional)" value={color} onChange={(e) => setColor(e.target.value)}>
          <MenuItem value="">No color</MenuItem>
          {item.colors.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        label="Quantity"
        required
        type="number"
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        error={!!errors.quantity}
        helperText={errors.quantity}
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
      <TextField
        label="Storage location (optional)"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
      />
      <TextField
        label="Minimum stock level"
        type="number"
        value={minStock}
        onChange={(e) => setMinStock(e.target.value)}
        helperText="Alert when stock falls below this level"
        slotProps={{ htmlInput: { min: 0, step: 1 } }}
      />
    </FormDialog>
  );
}
