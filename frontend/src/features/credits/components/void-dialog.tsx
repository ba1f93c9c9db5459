import type { CreditTransaction } from '@avpass/contracts';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { useVoidTransaction } from '../api/void-transaction';
import { Money } from './credit-bits';

/** The void prompt: a reason is needed; Cancel, or Void with nothing typed, does nothing. */
export function VoidDialog({
  transaction,
  onClose,
}: {
  transaction: CreditTransaction | null;
  onClose: () => void;
}) {
  // The reason typed for one transaction; another transaction starts empty.
  const [draft, setDraft] = useState({ id: '', reason: '' });
  const reason = transaction && draft.id === transaction.id ? draft.reason : '';
  const voider = useVoidTransaction();
  const { toast } = useToast();
  const t = useT();

  const confirm = () => {
    if (!transaction || !reason.trim()) return onClose();
    voider.mutate(
      { id: transaction.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t('credits.void.done') });
          onClose();
        },
        onError: (error) =>
          toast({
            title: t('credits.error'),
            description: apiErrorText(error, t('credits.void.failed')),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <ConfirmDialog
      open={transaction !== null}
      title={t('credits.void.title')}
      description={
        transaction && (
          <>
            <Money cents={transaction.amount} strong />{' '}
            {t('credits.void.text', {
              name: transaction.athleteName,
              description: transaction.description,
            })}
          </>
        )
      }
      confirmLabel={t('credits.void.confirm')}
      pending={voider.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {transaction && (
        <TextField
          autoFocus
          fullWidth
          label={t('credits.void.reason')}
          value={reason}
          onChange={(e) => setDraft({ id: transaction.id, reason: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') confirm();
          }}
        />
      )}
    </ConfirmDialog>
  );
}
