import type { RedemptionMode } from '@avpass/contracts';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type FormEvent } from 'react';
import { LoadingState } from '@/components/feedback/loading-state';
import { RedemptionModeField } from '@/components/form/redemption-mode-field';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf } from '@/lib/api-client';
import { useVoucherSettings } from '@/lib/vouchers-api';
import { useUpdateVoucherSettings } from '../api/update-voucher-settings';

/**
 * Voucher defaults (issue 25, super_admin): who redeems a new code unless its form says otherwise.
 * Codes made before a change keep their own mode.
 */
export function VoucherDefaultsForm() {
  const settings = useVoucherSettings();
  const update = useUpdateVoucherSettings();
  const [picked, setPicked] = useState<RedemptionMode | null>(null);
  const { toast } = useToast();
  const mode = picked ?? settings.data?.defaultRedemptionMode;

  if (settings.isPending) return <LoadingState message="Loading voucher defaults..." />;
  if (settings.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessageOf(settings.error, 'Could not load the voucher defaults')}
      </Alert>
    );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mode) return;
    update.mutate(
      { defaultRedemptionMode: mode },
      {
        onSuccess: () => {
          setPicked(null);
          toast({
            title: 'Voucher Defaults Saved',
            description:
              mode === 'staff'
                ? 'New vouchers are redeemed by staff at the till.'
                : 'New vouchers can be redeemed by the member on their phone.',
          });
        },
        onError: (error) =>
          toast({
            title: 'Save Failed',
            description: errorMessageOf(error, 'Failed to save the voucher defaults'),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label="Voucher defaults">
      <RedemptionModeField
        label="Who redeems new vouchers"
        value={mode}
        onChange={setPicked}
        disabled={update.isPending}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={update.isPending || mode === settings.data.defaultRedemptionMode}
          startIcon={update.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveRoundedIcon />}
          data-testid="save-voucher-defaults"
        >
          {update.isPending ? 'Saving...' : 'Save Defaults'}
        </Button>
      </Box>
    </Box>
  );
}
