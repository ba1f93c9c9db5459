import type { CancelRedemptionResponse } from '@avpass/contracts';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CancelReasonDialog } from '@/components/vouchers/cancel-redemption-dialog';
import { errorMessageOf } from '@/lib/api-client';
import { useCancelRedemption } from '@/lib/vouchers-api';
import { TILL_URLS } from '../api/urls';

/**
 * Undo at the till, with the reason the server requires: the use goes back to the voucher, and
 * today's list and every count refetch. The reason dialog is the redemption tables' own.
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
  const queryClient = useQueryClient();
  const cancel = useCancelRedemption({
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [TILL_URLS.recent] }),
  });

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
      {open && (
        <CancelReasonDialog
          open
          title={`Undo redemption ${redemption.reference}?`}
          description="The use goes back to the voucher and every count drops by one."
          confirmLabel="Undo redemption"
          hint="Why it is undone"
          pending={cancel.isPending}
          error={
            cancel.isError
              ? errorMessageOf(cancel.error, 'The redemption could not be undone. Please try again.')
              : null
          }
          onConfirm={(reason) =>
            cancel.mutate(
              { id: redemption.id, reason },
              {
                onSuccess: (result) => {
                  setOpen(false);
                  onUndone?.(result);
                },
              },
            )
          }
          onClose={() => {
            setOpen(false);
            cancel.reset();
          }}
          testIds={{ reason: 'till-undo-reason', confirm: 'till-undo-confirm', error: 'till-undo-error' }}
        />
      )}
    </>
  );
}
