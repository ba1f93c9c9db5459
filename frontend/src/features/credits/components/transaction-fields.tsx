import { TRANSACTION_CATEGORIES, TRANSACTION_TYPES } from '@avpass/contracts';
import { dollarsToCents } from '@avpass/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';

export const TYPE_LABELS: Record<(typeof TRANSACTION_TYPES)[number], string> = {
  purchase: 'Purchase',
  service: 'Service',
  equipment: 'Equipment',
  other: 'Other',
};
export const CATEGORY_LABELS: Record<(typeof TRANSACTION_CATEGORIES)[number], string> = {
  shoes: 'Shoes',
  equipment: 'Equipment',
  apparel: 'Apparel',
  services: 'Services',
  other: 'Other',
};

export interface TransactionForm {
  transactionType: (typeof TRANSACTION_TYPES)[number];
  category: (typeof TRANSACTION_CATEGORIES)[number];
  description: string;
  amount: string;
  reference: string;
  notes: string;
}

export const EMPTY_TRANSACTION: TransactionForm = {
  transactionType: 'purchase',
  category: 'equipment',
  description: '',
  amount: '',
  reference: '',
  notes: '',
};

/**
 * The amount typed in dollars as whole cents (dollars x 100, rounded), or the spec's message:
 * 'Amount is required', 'Amount must be a positive number'.
 */
export function amountCents(text: string): { cents: number } | { error: string } {
  if (!text.trim()) return { error: 'Amount is required' };
  try {
    const cents = dollarsToCents(text);
    return cents > 0 ? { cents } : { error: 'Amount must be a positive number' };
  } catch {
    return { error: 'Amount must be a positive number' };
  }
}

/** Type, category, description, amount, reference and notes. */
export function TransactionFields({
  form,
  onChange,
  errors,
  withCategory = true,
}: {
  form: TransactionForm;
  onChange: (form: TransactionForm) => void;
  errors: Record<string, string>;
  withCategory?: boolean;
}) {
  const set = (field: keyof TransactionForm) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...form, [field]: event.target.value });
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Type"
          value={form.transactionType}
          onChange={set('transactionType')}
          fullWidth
        >
          {TRANSACTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
        {withCategory && (
          <TextField select label="Category" value={form.category} onChange={set('category')} fullWidth>
            {TRANSACTION_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <TextField
        label="Description"
        required
        value={form.description}
        onChange={set('description')}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
      <TextField
        label="Amount ($)"
        required
        type="number"
        slotProps={{ htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
        value={form.amount}
        onChange={set('amount')}
        error={Boolean(errors.amount)}
        helperText={errors.amount}
      />
      {withCategory && (
        <TextField label="Reference (optional)" value={form.reference} onChange={set('reference')} />
      )}
      <TextField label="Notes (optional)" multiline minRows={2} value={form.notes} onChange={set('notes')} />
    </>
  );
}
