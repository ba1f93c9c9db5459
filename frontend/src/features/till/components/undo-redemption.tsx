import {
  CANCEL_REASON_MESSAGE,
  cancelRedemptionRequestSchema,
  type CancelRedemptionResponse,
} from '@avpass/contracts';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { errorMessageOf } from '@/lib/api-client';
import { useCancelTillRedemption } from '../api/cancel-till-redemption';

const REASON_MAX = 500;

/**
 * Undo, with the reason the server requires (1-500 characters): the use goes back to the voucher.
 * The server's refusal (the window closed, already undone) is shown in the dialog.
 */
export function UndoRedemptionButton({
  redemption,
  onUndone,
  size = 'medium',
  fullWidth = false,
}: {
  redemption: { id: string; reference: string };
  onUndone?: (result: CancelRedemptionResponse) => void;
  size?: 'small' | 'medium' | 'large';
  fullWidth?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const cancel = useCancelTillRedemption();

  const close = () => {
    if (cancel.isPending) return;
    setOpen(false);
    setReason('');
    setReasonError(null);
    cancel.reset();
  };

  const confirm = () => {
    const parsed = cancelRedemptionRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(CANCEL_REASON_MESSAGE);
      return;
    }
    cancel.mutate(
      { id: redemption.id, reason: parsed.data.reason },
      {
        onSuccess: (result) => {
          setOpen(false);
          setReason('');
          onUndone?.(result);
        },
      },
    );
  };

  return (
    <>
      <Button
        size={size}
        fullWidth={fullWidth}
        color="error"
        variant="outlined"
        startIcon={<UndoRoundedIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Undo redemption ${redemption.reference}`}
        data-testid="till-undo"
        sx={{ minHeight: size === 'small' ? 40 : 52, whiteSpace: 'nowrap' }}
      >
        Undo
      </Button>
      <ConfirmDialog
        open={open}
        title={`Undo redemption ${redemption.reference}?`}
        description="The use goes back to the voucher and every count drops by one."
        confirmLabel="Undo redemption"
        pending={cancel.isPending}
        onConfirm={confirm}
        onClose={close}
        confirmTestId="till-undo-confirm"
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
          helperText={reasonError ?? `Why it is undone (${reason.trim().length}/${REASON_MAX})`}
          slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': 'till-undo-reason' } }}
        />
        {cancel.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="till-undo-error">
            {errorMessageOf(cancel.error, 'The redemption could not be undone. Please try again.')}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
