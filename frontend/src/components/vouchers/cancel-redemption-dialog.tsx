import { CANCEL_REASON_MESSAGE, cancelRedemptionRequestSchema, type Redemption } from '@avpass/contracts';
import { formatDateTime } from '@avpass/domain';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
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
  const where = redemption.partnerName ?? redemption.facility;
  const when = formatDateTime(redemption.redeemedAt, viewerTimeZone());
  return (
    <Button
      size="small"
      color="error"
      variant="outlined"
      startIcon={<UndoRoundedIcon />}
      onClick={() => onCancel(redemption)}
      data-testid="cancel-redemption"
      aria-label={`Cancel the redemption at ${where}, ${when}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Cancel
    </Button>
  );
}

/**
 * Asks for the reason (1-500 characters, required by the server too), gives the use back, and the
 * tables and stats refetch. The server's refusal (the undo window closed, another partner's
 * redemption, already cancelled) is shown in the dialog; the button waits while the call runs.
 */
function CancelRedemptionDialog({
  target,
  open,
  onClose,
}: {
  target: CancelTarget;
  open: boolean;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const cancel = useCancelRedemption();
  const { toast } = useToast();

  const close = () => {
    if (!cancel.isPending) onClose();
  };

  const confirm = () => {
    if (cancel.isPending) return;
    const parsed = cancelRedemptionRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(CANCEL_REASON_MESSAGE);
      return;
    }
    setReasonError(null);
    cancel.mutate(
      { id: target.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          onClose();
          toast({ title: 'Redemption cancelled', description: 'The use was given back to the voucher.' });
        },
      },
    );
  };

  const where = target.partnerName ?? target.facility;
  const when = formatDateTime(target.redeemedAt, viewerTimeZone());
  return (
    <ConfirmDialog
      open={open}
      title="Cancel this redemption?"
      description={`${where}, ${when}, by ${target.redeemedBy}. The use goes back to the voucher and every count drops by one.`}
      confirmLabel="Cancel redemption"
      cancelLabel="Keep it"
      pending={cancel.isPending}
      onConfirm={confirm}
      onClose={close}
      confirmTestId="cancel-redemption-confirm"
    >
      <TextField
        label="Reason"
        required
        fullWidth
        multiline
        minRows={2}
        autoFocus
        value={reason}
        disabled={cancel.isPending}
        onChange={(event) => {
          setReason(event.target.value);
          if (reasonError) setReasonError(null);
        }}
        error={Boolean(reasonError)}
        helperText={reasonError ?? `${reason.trim().length}/${REASON_MAX}: seen by staff and in the history`}
        slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'cancel-reason' } }}
      />
      {cancel.isError && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="cancel-redemption-error">
          {errorMessageOf(cancel.error, 'The redemption could not be cancelled. Please try again.')}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
