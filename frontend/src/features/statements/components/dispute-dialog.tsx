import type { StatementLine } from '@avpass/contracts';
import { formatCentsIn } from '@avpass/domain';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormDialog } from '@/components/feedback/form-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { useDisputeStatement } from '@/lib/statements-api';
import { statementLineLabel } from '../lib/line-label';

/** Dispute: a reason (required) and, optionally, the lines it is about. */
export function DisputeDialog({
  id,
  lines,
  onClose,
}: {
  id: string;
  lines: readonly StatementLine[];
  onClose: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const { toast } = useToast();
  const dispute = useDisputeStatement();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());

  function toggle(lineId: string) {
    const next = new Set(picked);
    if (next.has(lineId)) next.delete(lineId);
    else next.add(lineId);
    setPicked(next);
  }

  function submit() {
    if (!reason.trim()) {
      setError(t('statements.dispute.reasonRequired'));
      return;
    }
    dispute.mutate(
      { id, reason: reason.trim(), ...(picked.size > 0 && { lineIds: [...picked] }) },
      {
        onSuccess: () => {
          toast({ title: t('statements.dispute.done'), description: t('statements.dispute.doneText') });
          onClose();
        },
        onError: (e) => setError(apiErrorText(e, t('statements.dispute.failed'))),
      },
    );
  }

  return (
    <FormDialog
      title={t('statements.dispute.title')}
      submitLabel={t('statements.dispute.submit')}
      pending={dispute.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label={t('statements.dispute.reason')}
        required
        multiline
        minRows={3}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? t('statements.dispute.reasonHelp')}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
      {lines.length > 0 && (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('statements.dispute.lines')}
          </Typography>
          {lines.map((line) => (
            <FormControlLabel
              key={line.id}
              sx={{ display: 'flex', alignItems: 'flex-start', mr: 0 }}
              control={
                <Checkbox size="small" checked={picked.has(line.id)} onChange={() => toggle(line.id)} />
              }
              label={
                <Typography variant="body2" sx={{ pt: 0.75, overflowWrap: 'anywhere' }}>
                  {statementLineLabel(line.label, t)} ·{' '}
                  {formatCentsIn(language, line.clubOwesCents - line.partnerOwesCents)}
                </Typography>
              }
            />
          ))}
        </Box>
      )}
    </FormDialog>
  );
}
