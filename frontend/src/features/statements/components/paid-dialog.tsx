import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Statement } from '@avpass/contracts';
import { FormDialog } from '@/components/feedback/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { businessToday, monthName, useMarkStatementPaid } from '@/lib/statements-api';

/** Mark paid: the day the money moved and the payment's reference. */
export function PaidDialog({
  statement,
  onClose,
}: {
  statement: Pick<Statement, 'id' | 'partnerName' | 'period'>;
  onClose: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const { toast } = useToast();
  const paid = useMarkStatementPaid();
  const [paidAt, setPaidAt] = useState(businessToday());
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit() {
    if (!paidAt || !reference.trim()) {
      setError(t('statements.paid.required'));
      return;
    }
    paid.mutate(
      { id: statement.id, paidAt, reference: reference.trim() },
      {
        onSuccess: () => {
          toast({
            title: t('statements.paid.done'),
            description: t('statements.paid.doneText', {
              partner: statement.partnerName,
              period: language === 'en' ? statement.period : monthName(statement.period, language),
            }),
          });
          onClose();
        },
        onError: (e) => setError(apiErrorText(e, t('statements.paid.failed'))),
      },
    );
  }

  return (
    <FormDialog
      title={t('statements.paid.title', { partner: statement.partnerName })}
      submitLabel={t('statements.paid.submit')}
      pending={paid.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('statements.paid.paidOn')}
        type="date"
        required
        value={paidAt}
        onChange={(e) => setPaidAt(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('statements.paid.reference')}
        required
        value={reference}
        onChange={(e) => {
          setReference(e.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? t('statements.paid.referenceHelp')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
    </FormDialog>
  );
}
