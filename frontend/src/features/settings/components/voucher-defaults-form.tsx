import type { FundedBy, RedemptionMode } from '@avpass/contracts';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type FormEvent } from 'react';
import { LoadingState } from '@/components/feedback/loading-state';
import { FundedByField } from '@/components/form/funded-by-field';
import { RedemptionModeField } from '@/components/form/redemption-mode-field';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { useVoucherSettings } from '@/lib/vouchers-api';
import { useUpdateVoucherSettings } from '../api/update-voucher-settings';

/**
 * Voucher defaults (issues 25, 39; super_admin): who redeems a new code and who pays for its discount,
 * unless its form says otherwise. Codes made before a change keep their own.
 */
export function VoucherDefaultsForm() {
  const settings = useVoucherSettings();
  const update = useUpdateVoucherSettings();
  const [picked, setPicked] = useState<RedemptionMode | null>(null);
  const { toast } = useToast();
  const t = useT();
  const mode = picked ?? settings.data?.defaultRedemptionMode;
  const [pickedFunding, setPickedFunding] = useState<FundedBy | null>(null);
  const fundedBy = pickedFunding ?? settings.data?.defaultFundedBy;

  if (settings.isPending) return <LoadingState message={t('settings.defaults.loading')} />;
  if (settings.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
            {t('settings.retry')}
          </Button>
        }
      >
        {apiErrorText(settings.error, t('settings.defaults.loadFailed'))}
      </Alert>
    );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mode || !fundedBy) return;
    update.mutate(
      { defaultRedemptionMode: mode, defaultFundedBy: fundedBy },
      {
        onSuccess: () => {
          setPicked(null);
          setPickedFunding(null);
          toast({
            title: t('settings.defaults.saved'),
            description: `${
              mode === 'staff' ? t('settings.defaults.savedStaff') : t('settings.defaults.savedMember')
            } ${fundedBy === 'club' ? t('settings.defaults.savedClub') : t('settings.defaults.savedPartner')}`,
          });
        },
        onError: (error) =>
          toast({
            title: t('settings.defaults.failed'),
            description: apiErrorText(error, t('settings.defaults.failedText')),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('settings.tab.vouchers')}>
      <RedemptionModeField
        label={t('settings.defaults.mode')}
        value={mode}
        onChange={setPicked}
        disabled={update.isPending}
      />
      <Box sx={{ mt: 3 }}>
        <FundedByField
          label={t('settings.defaults.fundedBy')}
          value={fundedBy}
          onChange={setPickedFunding}
          disabled={update.isPending}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={
            update.isPending ||
            (mode === settings.data.defaultRedemptionMode && fundedBy === settings.data.defaultFundedBy)
          }
          startIcon={update.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveRoundedIcon />}
          data-testid="save-voucher-defaults"
        >
          {update.isPending ? t('settings.saving') : t('settings.defaults.save')}
        </Button>
      </Box>
    </Box>
  );
}
