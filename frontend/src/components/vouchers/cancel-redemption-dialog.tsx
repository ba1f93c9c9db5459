import type { Redemption } from '@avpass/contracts';
import { formatDateTimeIn } from '@avpass/domain';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT, useWords } from '@/i18n/i18n';
import { viewerTimeZone } from '@/lib/time-zone';
import { useCancelRedemption } from '@/lib/vouchers-api';

const REASON_MAX = 500;

export type CancelTarget = Pick<Redemption, 'id' | 'redeemedAt' | 'redeemedBy' | 'partnerName' | 'facility'>;

/**
 * The one Cancel dialog of the redemption tables (issue 25), held by the table rather than the row: a
 * refetch that makes the row no longer cancellable (a 409, the 15 s poll) must not take the dialog and
 * its message away. `openFor(row)` opens it; render `dialog` once, beside the table.
 */
export function useCancelRedemptionDialog() {
  const [state, setState] = useState<{ target: CancelTarget; open: boolean } | null>(null);
  return {
    openFor: (target: CancelTarget) => setState({ target, open: true }),
    dialog: state && (
      <CancelRedemptionDialog
        key={state.target.id}
        target={state.target}
        open={state.open}
        onClose={() => setState((current) => current && { ...current, open: false })}
      />
    ),
  };
}

/** Cancel on a row: opens the table's dialog for it. */
export function CancelRedemptionButton({
  redemption,
  onCancel,
}: {
  redemption: CancelTarget;
  onCancel: (redemption: CancelTarget) => void;
}) {
  const { t, language } = useWords();
  const where = redemption.partnerName ?? redemption.facility;
  const when = formatDateTimeIn(language, redemption.redeemedAt, viewerTimeZone());
  return (
    <Button
      size="small"
      color="error"
      variant="outlined"
      startIcon={<UndoRoundedIcon />}
      onClick={() => onCancel(redemption)}
      data-testid="cancel-redemption"
      aria-label={t('staff.voucher.cancelAt', { where, when })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('staff.voucher.cancel')}
    </Button>
  );
}

/** The test ids of one use of the reason dialog (the tables' and the till's differ). */
export interface ReasonDialogTestIds {
  reason: string;
  confirm: string;
  error: string;
}

/**
 * The reason dialog every undo of a redemption uses (the tables' Cancel, the till's Undo): a required
 * reason of 1-500 characters (checked by the contract, as the server does), the call's refusal shown
 * in the dialog (the undo window closed, another partner's redemption, already cancelled), and no
 * closing while the call runs. `onConfirm` gets the trimmed reason.
 */
export function CancelReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  hint,
  pending,
  error,
  onConfirm,
  onClose,
  testIds,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** The reason field's helper text; the character count is added. */
  hint: string;
  pending: boolean;
  /** The server's refusal in words, or null. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  testIds: ReasonDialogTestIds;
}) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const confirm = async () => {
    if (pending) return;
    // The reason's rule loads when it is checked, not with the dashboard (issue 40).
    const { cancelRedemptionRequestSchema } = await import('@avpass/contracts/till');
    const parsed = cancelRedemptionRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(t('staff.voucher.reasonRequired'));
      return;
    }
    setReasonError(null);
    onConfirm(parsed.data.reason);
  };

  return (
    <ConfirmDialog
      open={open}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      pending={pending}
      onConfirm={() => void confirm()}
      onClose={() => {
        if (!pending) onClose();
      }}
      confirmTestId={testIds.confirm}
    >
      <TextField
        label={t('staff.voucher.reason')}
        required
        fullWidth
        multiline
        minRows={2}
        autoFocus
        value={reason}
        disabled={pending}
        onChange={(event) => {
          setReason(event.target.value);
          if (reasonError) setReasonError(null);
        }}
        error={Boolean(reasonError)}
        helperText={reasonError ?? `${hint} (${reason.trim().length}/${REASON_MAX})`}
        slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': testIds.reason } }}
      />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid={testIds.error}>
          {error}
        </Alert>
      )}
    </ConfirmDialog>
  );
}

/** Cancel from a redemption table: gives the use back, and the tables and stats refetch. */
function CancelRedemptionDialog({
  target,
  open,
  onClose,
}: {
  target: CancelTarget;
  open: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelRedemption();
  const { toast } = useToast();
  const { t, language } = useWords();
  const where = target.partnerName ?? target.facility;
  const when = formatDateTimeIn(language, target.redeemedAt, viewerTimeZone());
  return (
    <CancelReasonDialog
      open={open}
      title={t('staff.voucher.cancelTitle')}
      description={t('staff.voucher.cancelText', { where, when, by: target.redeemedBy })}
      confirmLabel={t('staff.voucher.cancelConfirm')}
      cancelLabel={t('staff.voucher.keep')}
      hint={t('staff.voucher.reasonHint')}
      pending={cancel.isPending}
      error={cancel.isError ? apiErrorText(cancel.error, t('staff.voucher.cancelFailed')) : null}
      onConfirm={(reason) =>
        cancel.mutate(
          { id: target.id, reason },
          {
            onSuccess: () => {
              onClose();
              toast({ title: t('staff.voucher.cancelDone'), description: t('staff.voucher.cancelDoneText') });
            },
          },
        )
      }
      onClose={onClose}
      testIds={{
        reason: 'cancel-reason',
        confirm: 'cancel-redemption-confirm',
        error: 'cancel-redemption-error',
      }}
    />
  );
}
