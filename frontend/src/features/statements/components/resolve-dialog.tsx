import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Statement } from '@avpass/contracts';
import { FormDialog } from '@/components/feedback/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
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
  const t = useT();
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
    if (!label.trim()) found.label = t('statements.resolve.labelRequired');
    if (cents === null || cents === 0) found.amount = t('statements.resolve.amountInvalid');
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
      setErrors({ reason: t('statements.resolve.reasonRequired') });
      return;
    }
    const list = adjustments();
    if (!list) return;
    resolve.mutate(
      { id: statement.id, reason: reason.trim(), adjustments: list },
      {
        onSuccess: (revision) => {
          toast({
            title: t('statements.resolve.done'),
            description: t('statements.resolve.doneText', { revision: revision.revision }),
          });
          onResolved?.(revision);
          onClose();
        },
        onError: (e) => setErrors({ form: apiErrorText(e, t('statements.resolve.failed')) }),
      },
    );
  }

  return (
    <FormDialog
      title={t('statements.resolve.title', { partner: statement.partnerName })}
      intro={
        statement.disputeReason && (
          <TextField
            label={t('statements.resolve.partnerReason')}
            value={statement.disputeReason}
            multiline
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={{ mt: 1, mb: 2 }}
            fullWidth
          />
        )
      }
      submitLabel={t('statements.resolve.submit')}
      pending={resolve.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('statements.resolve.resolution')}
        required
        multiline
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={Boolean(errors.reason ?? errors.form)}
        helperText={errors.reason ?? errors.form ?? t('statements.resolve.resolutionHelp')}
      />
      <TextField
        label={t('statements.resolve.adjustment')}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={Boolean(errors.label)}
        helperText={errors.label ?? t('statements.resolve.adjustmentHelp')}
      />
      <TextField
        label={t('statements.resolve.amount')}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={Boolean(errors.amount)}
        helperText={errors.amount ?? t('statements.resolve.amountHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <TextField
        select
        label={t('statements.resolve.owedBy')}
        value={payer}
        onChange={(e) => setPayer(e.target.value as Payer)}
      >
        <MenuItem value="club">{t('statements.resolve.clubOwes')}</MenuItem>
        <MenuItem value="partner">{t('statements.resolve.partnerOwes')}</MenuItem>
      </TextField>
    </FormDialog>
  );
}
