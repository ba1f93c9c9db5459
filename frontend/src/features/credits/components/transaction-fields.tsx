import { TRANSACTION_CATEGORIES, TRANSACTION_TYPES } from '@avpass/contracts';
import { dollarsToCents } from '@avpass/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';
import { useT } from '@/i18n/i18n';
import type { T } from './credit-bits';

/** A transaction's type ("Purchase", "Service", …) in the reader's language. */
export const typeLabel = (t: T, type: (typeof TRANSACTION_TYPES)[number]) => t(`credits.type.${type}`);
/** A transaction's category ("Shoes", "Apparel", …) in the reader's language. */
export const categoryLabel = (t: T, category: (typeof TRANSACTION_CATEGORIES)[number]) =>
  t(`credits.category.${category}`);

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
 * The amount typed in dollars as whole cents (dollars x 100, rounded), or the spec's message in the
 * reader's language: 'Amount is required', 'Amount must be a positive number'.
 */
export function amountCents(text: string, t: T): { cents: number } | { error: string } {
  if (!text.trim()) return { error: t('credits.amount.required') };
  try {
    const cents = dollarsToCents(text);
    return cents > 0 ? { cents } : { error: t('credits.amount.positive') };
  } catch {
    return { error: t('credits.amount.positive') };
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
  const t = useT();
  const set = (field: keyof TransactionForm) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange({ ...form, [field]: event.target.value });
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('credits.field.type')}
          value={form.transactionType}
          onChange={set('transactionType')}
          fullWidth
        >
          {TRANSACTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {typeLabel(t, type)}
            </MenuItem>
          ))}
        </TextField>
        {withCategory && (
          <TextField
            select
            label={t('credits.field.category')}
            value={form.category}
            onChange={set('category')}
            fullWidth
          >
            {TRANSACTION_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {categoryLabel(t, category)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <TextField
        label={t('credits.field.description')}
        required
        value={form.description}
        onChange={set('description')}
        error={Boolean(errors.description)}
        helperText={errors.description}
      />
      <TextField
        label={t('credits.field.amount')}
        required
        type="number"
        slotProps={{ htmlInput: { min: 0.01, step: 0.01, inputMode: 'decimal' } }}
        value={form.amount}
        onChange={set('amount')}
        error={Boolean(errors.amount)}
        helperText={errors.amount}
      />
      {withCategory && (
        <TextField label={t('credits.field.reference')} value={form.reference} onChange={set('reference')} />
      )}
      <TextField
        label={t('credits.field.notesOptional')}
        multiline
        minRows={2}
        value={form.notes}
        onChange={set('notes')}
      />
    </>
  );
}
