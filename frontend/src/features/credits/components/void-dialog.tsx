import type { CreditTransaction } from '@avpass/contracts';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
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

  const confirm = () => {
    if (!transaction || !reason.trim()) return onClose();
    voider.mutate(
      { id: transaction.id, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Transaction voided successfully' });
          onClose();
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description: errorMessageOf(error, 'Failed to void transaction'),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <ConfirmDialog
      open={transaction !== null}
      title="Void this transaction?"
      description={
        transaction && (
          <>
            <Money cents={transaction.amount} strong /> for {transaction.athleteName} (
            {transaction.description}) goes back to the credit. A void cannot be undone.
          </>
        )
      }
      confirmLabel="Void"
      pending={voider.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {transaction && (
        <TextField
          autoFocus
          fullWidth
          label="Reason for voiding"
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
