import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Statement } from '@avpass/contracts';
import { FormDialog } from '@/components/feedback/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { businessToday, useMarkStatementPaid } from '@/lib/statements-api';

/** Mark paid: the day the money moved and the payment's reference. */
export function PaidDialog({
  statement,
  onClose,
}: {
  statement: Pick<Statement, 'id' | 'partnerName' | 'period'>;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const paid = useMarkStatementPaid();
  const [paidAt, setPaidAt] = useState(businessToday());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (!paidAt || !reference.trim()) {
      setError('The date and a payment reference are required');
      return;
    }
    paid.mutate(
      { id: statement.id, paidAt, reference: reference.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Marked paid', description: `${statement.partnerName}, ${statement.period}` });
          onClose();
        },
        onError: (e) => setError(errorMessageOf(e, 'The statement could not be marked paid.')),
      },
    );
  }

  return (
    <FormDialog
      title={`Mark ${statement.partnerName}'s statement paid`}
      submitLabel="Mark paid"
      pending={paid.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Paid on"
        type="date"
        required
        value={paidAt}
        onChange={(e) => setPaidAt(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label="Payment reference"
        required
        value={reference}
        onChange={(e) => {
          setReference(e.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? 'The transfer or cheque number'}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}
