import type { RedemptionMode } from '@avpass/contracts';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { useVoucherSettings } from '@/lib/vouchers-api';

export const REDEMPTION_MODE_LABELS: Readonly<Record<RedemptionMode, string>> = {
  self: 'Member taps Redeem on their phone',
  staff: 'Staff only, at the till',
};

const HELP: Readonly<Record<RedemptionMode, string>> = {
  self: 'The voucher page has a Redeem button; staff can also redeem it at the till.',
  staff: 'The voucher page shows the QR to scan at the till and no Redeem button.',
};

/**
 * Who may redeem the code a form creates (issue 25), starting at the club-wide default from Settings.
 * `mode` is undefined until the default has loaded and nothing was picked: the request then leaves
 * it out and the server applies the same default.
 */
export function useRedemptionMode() {
  const settings = useVoucherSettings();
  const [picked, setPicked] = useState<RedemptionMode | null>(null);
  const mode: RedemptionMode | undefined = picked ?? settings.data?.defaultRedemptionMode;
  return { mode, setMode: setPicked, reset: () => setPicked(null) };
}

/** The request field for a mode: absent when unknown (the server's default applies). */
export const redemptionModeRequest = (mode: RedemptionMode | undefined) =>
  mode ? { redemptionMode: mode } : {};

/** "Who redeems": the shared radio pair of every create form (single, bulk, trainer, exclusives). */
export function RedemptionModeField({
  value,
  onChange,
  disabled,
  error,
  label = 'Who redeems',
}: {
  value: RedemptionMode | undefined;
  onChange: (mode: RedemptionMode) => void;
  disabled?: boolean | undefined;
  error?: string | undefined;
  label?: string;
}) {
  const labelId = useId();
  const helpId = useId();
  return (
    <FormControl disabled={disabled} error={Boolean(error)} data-testid="redemption-mode">
      <FormLabel id={labelId} sx={{ fontWeight: 600 }}>
        {label}
      </FormLabel>
      <RadioGroup
        name="redemptionMode"
        aria-labelledby={labelId}
        aria-describedby={helpId}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as RedemptionMode)}
      >
        {(['self', 'staff'] as const).map((mode) => (
          <FormControlLabel
            key={mode}
            value={mode}
            control={<Radio size="small" />}
            label={REDEMPTION_MODE_LABELS[mode]}
          />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId}>
        {error ?? (value ? HELP[value] : 'The club default applies unless you pick one.')}
      </FormHelperText>
    </FormControl>
  );
}
