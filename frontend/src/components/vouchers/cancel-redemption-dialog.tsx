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

type CancelTarget = Pick<Redemption, 'id' | 'redeemedAt' | 'redeemedBy' | 'partnerName' | 'facility'>;

/**
 * Cancel on a row of the redemption tables (issue 25): asks for the reason (1-500 characters, required
 * by the server too), gives the use back, and the tables and stats refetch. The server's refusal (the
 * undo window closed, another partner's redemption, already cancelled) is shown in the dialog.
 */
export function CancelRedemptionButton({
  redemption,
  size = 'small',
}: {
  redemption: CancelTarget;
  size?: 'small' | 'medium';
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const cancel = useCancelRedemption();
  const { toast } = useToast();

  const close = () => {
    if (cancel.isPending) return;
    setOpen(false);
    setReason('');
    setReasonError(null);
    cancel.reset();
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
      { id: redemption.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          setOpen(false);
          setReason('');
          toast({ title: 'Redemption cancelled', description: 'The use was given back to the voucher.' });
        },
      },
    );
  };

  const where = redemption.partnerName ?? redemption.facility;
  const when = formatDateTime(redemption.redeemedAt, viewerTimeZone());
  return (
    <>
      <Button
        size={size}
        color="error"
        variant="outlined"
        startIcon={<UndoRoundedIcon />}
        onClick={() => setOpen(true)}
        data-testid="cancel-redemption"
        aria-label={`Cancel the redemption at ${where}, ${when}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Cancel
      </Button>
      <ConfirmDialog
        open={open}
        title="Cancel this redemption?"
        description={`${where}, ${when}, by ${redemption.redeemedBy}. The use goes back to the voucher and every count drops by one.`}
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
          helperText={
            reasonError ?? `${reason.trim().length}/${REASON_MAX}: seen by staff and in the history`
          }
          slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'cancel-reason' } }}
        />
        {cancel.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="cancel-redemption-error">
            {errorMessageOf(cancel.error, 'The redemption could not be cancelled. Please try again.')}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
