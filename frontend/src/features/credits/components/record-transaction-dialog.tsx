import type { AthleteCredit } from '@avpass/contracts';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useT } from '@/i18n/i18n';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useRecordLedgerTransaction } from '../api/record-ledger-transaction';
import { Money } from './credit-bits';
import {
  amountCents,
  EMPTY_TRANSACTION,
  TransactionFields,
  type TransactionForm,
} from './transaction-fields';

/** The administrator's Record Transaction for one credit: enabled with an amount and a description. */
export function RecordTransactionDialog({
  credit,
  onClose,
}: {
  credit: AthleteCredit | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={credit !== null}
      onClose={onClose}
      aria-labelledby="record-tx-title"
      maxWidth="sm"
      fullWidth
    >
      {credit && <RecordTransactionForm key={credit.id} credit={credit} onClose={onClose} />}
    </Dialog>
  );
}

/** The form, mounted afresh for each credit (with its own idempotency key). */
function RecordTransactionForm({ credit, onClose }: { credit: AthleteCredit; onClose: () => void }) {
  const [form, setForm] = useState<TransactionForm>(EMPTY_TRANSACTION);
  const [key] = useState(newIdempotencyKey);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const record = useRecordLedgerTransaction();
  const { toast } = useToast();
  const t = useT();

  const enabled = Boolean(form.amount.trim() && form.description.trim());
  const submit = () => {
    if (!enabled) return;
    const amount = amountCents(form.amount, t);
    if ('error' in amount) return setLocalErrors({ amount: amount.error });
    setLocalErrors({});
    record.mutate(
      {
        key,
        creditId: credit.id,
        transactionType: form.transactionType,
        category: form.category,
        description: form.description,
        amount: amount.cents,
        reference: form.reference,
        notes: form.notes,
      },
      {
        onSuccess: () => {
          toast({ title: t('credits.record.done') });
          onClose();
        },
        onError: (error) =>
          toast({
            title: t('credits.error'),
            description: apiErrorText(error, t('credits.record.failedCreate')),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <>
      <DialogTitle id="record-tx-title">{t('credits.record.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {credit.athleteName} · {t('credits.record.available')}{' '}
          <Money cents={credit.currentBalance} strong />
        </Typography>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TransactionFields
            form={form}
            onChange={setForm}
            errors={{ ...apiFieldErrorTexts(record.error), ...localErrors }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={record.isPending}>
          {t('credits.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!enabled || record.isPending}
          startIcon={record.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('credits.record.title')}
        </Button>
      </DialogActions>
    </>
  );
}
