import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Statement } from '@avpass/contracts';
import { FormDialog } from '@/components/feedback/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { centsOfDollars, useResolveStatement, type Adjustment } from '@/lib/statements-api';

type Payer = 'club' | 'partner';

/**
 * Resolve a dispute: a reason and, optionally, one adjustment (a description and an amount in dollars,
 * sent as cents; negative: less is owed). The answer is the statement's new revision.
 */
export function ResolveDialog({
  statement,
  onClose,
  onResolved,
}: {
  statement: Pick<Statement, 'id' | 'partnerName' | 'period' | 'disputeReason'>;
  onClose: () => void;
  onResolved?: (revision: Statement) => void;
}) {
  const { toast } = useToast();
  const resolve = useResolveStatement();
  const [reason, setReason] = useState('');
  const [label, setLabel] = useState('');
  const [amount, setAmount] = useState('');
  const [payer, setPayer] = useState<Payer>('club');
  const [errors, setErrors] = useState<Partial<Record<'reason' | 'label' | 'amount' | 'form', string>>>({});

  function adjustments(): Adjustment[] | null {
    if (!label.trim() && !amount.trim()) return [];
    const cents = centsOfDollars(amount);
    const found: typeof errors = {};
    if (!label.trim()) found.label = 'Describe the adjustment';
    if (cents === null || cents === 0) found.amount = 'An amount in dollars, e.g. 12.50 (negative: less)';
    if (Object.keys(found).length > 0 || cents === null) {
      setErrors(found);
      return null;
    }
    return [
      {
        label: label.trim(),
        clubOwesCents: payer === 'club' ? cents : 0,
        partnerOwesCents: payer === 'partner' ? cents : 0,
      },
    ];
  }

  function submit() {
    if (!reason.trim()) {
      setErrors({ reason: 'A reason is required' });
      return;
    }
    const list = adjustments();
    if (!list) return;
    resolve.mutate(
      { id: statement.id, reason: reason.trim(), adjustments: list },
      {
        onSuccess: (revision) => {
          toast({ title: 'Dispute resolved', description: `Revision ${revision.revision} is issued.` });
          onResolved?.(revision);
          onClose();
        },
        onError: (e) => setErrors({ form: errorMessageOf(e, 'The dispute could not be resolved.') }),
      },
    );
  }

  return (
    <FormDialog
      title={`Resolve ${statement.partnerName}'s dispute`}
      intro={
        statement.disputeReason && (
          <TextField
            label="The partner's reason"
            value={statement.disputeReason}
            multiline
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={{ mt: 1, mb: 2 }}
            fullWidth
          />
        )
      }
      submitLabel="Resolve"
      pending={resolve.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Resolution"
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(errors.reason ?? errors.form)}
        helperText={errors.reason ?? errors.form ?? 'What was decided; the partner reads it.'}
      />
      <TextField
        label="Adjustment (optional)"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={Boolean(errors.label)}
        helperText={errors.label ?? 'e.g. Missed redemption on the 12th'}
      />
      <TextField
        label="Amount ($)"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={Boolean(errors.amount)}
        helperText={errors.amount ?? 'Negative when less is owed'}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField select label="Owed by" value={payer} onChange={(e) => setPayer(e.target.value as Payer)}>
        <MenuItem value="club">The club owes the partner</MenuItem>
        <MenuItem value="partner">The partner owes the club</MenuItem>
      </TextField>
    </FormDialog>
  );
}
