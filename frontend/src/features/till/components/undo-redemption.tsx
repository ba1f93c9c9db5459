import type { CancelRedemptionResponse } from '@avpass/contracts';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CancelReasonDialog } from '@/components/vouchers/cancel-redemption-dialog';
import { useCancelRedemption } from '@/lib/vouchers-api';
import { TILL_URLS } from '../api/urls';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';

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
  const t = useT();
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
        aria-label={t('till.undo.label', { reference: redemption.reference })}
        data-testid="till-undo"
        sx={{ minHeight: size === 'small' ? 40 : 52, whiteSpace: 'nowrap' }}
      >
        {t('till.undo.button')}
      </Button>
      {open && (
        <CancelReasonDialog
          open
          title={t('till.undo.title', { reference: redemption.reference })}
          description={t('till.undo.description')}
          confirmLabel={t('till.undo.confirm')}
          hint={t('till.undo.hint')}
          pending={cancel.isPending}
          error={cancel.isError ? apiErrorText(cancel.error, t('till.undo.failed')) : null}
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
