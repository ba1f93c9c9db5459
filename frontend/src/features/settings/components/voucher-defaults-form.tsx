import { MEMBER_DAILY_CAP_MAX, type FundedBy, type RedemptionMode } from '@avpass/contracts';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { LoadingState } from '@/components/feedback/loading-state';
import { FundedByField } from '@/components/form/funded-by-field';
import { RedemptionModeField } from '@/components/form/redemption-mode-field';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { useVoucherSettings } from '@/lib/vouchers-api';
import { useUpdateVoucherSettings } from '../api/update-voucher-settings';

/** The cap as typed: blank is none (null), a whole number 1–1000, anything else not valid (undefined). */
export function capOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= 1 && n <= MEMBER_DAILY_CAP_MAX ? n : undefined;
}

/**
 * Voucher defaults (issues 25, 39; super_admin): who redeems a new code and who pays for its discount,
 * unless its form says otherwise. Codes made before a change keep their own. And the club's daily
 * limit per member (issue 43): how many held vouchers one member may redeem in a day, at every till.
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
  const [typedCap, setTypedCap] = useState<string | null>(null);
  const savedCap = settings.data?.memberDailyCap ?? null;
  const capText = typedCap ?? (savedCap === null ? '' : String(savedCap));
  const cap = capOf(capText);

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
    if (!mode || !fundedBy || cap === undefined) return;
    update.mutate(
      { defaultRedemptionMode: mode, defaultFundedBy: fundedBy, memberDailyCap: cap },
      {
        onSuccess: () => {
          setPicked(null);
          setPickedFunding(null);
          setTypedCap(null);
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
      <Box sx={{ mt: 3 }}>
        <TextField
          label={t('settings.defaults.dailyCap')}
          value={capText}
          onChange={(event) => setTypedCap(event.target.value)}
          disabled={update.isPending}
          error={cap === undefined}
          helperText={
            cap === undefined
              ? t('settings.defaults.dailyCapInvalid', { max: MEMBER_DAILY_CAP_MAX })
              : t('settings.defaults.dailyCapHelp')
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'member-daily-cap' } }}
          sx={{ maxWidth: 360 }}
          fullWidth
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={
            update.isPending ||
            cap === undefined ||
            (mode === settings.data.defaultRedemptionMode &&
              fundedBy === settings.data.defaultFundedBy &&
              cap === savedCap)
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
