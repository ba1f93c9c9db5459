import type { RedemptionMode } from '@avpass/contracts';
import { useState } from 'react';
import { DefaultedChoiceField } from './defaulted-choice-field';
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
  label = 'Who redeems',
  ...props
}: {
  value: RedemptionMode | undefined;
  onChange: (value: RedemptionMode) => void;
  disabled?: boolean | undefined;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <DefaultedChoiceField
      name="redemptionMode"
      testId="redemption-mode"
      label={label}
      choices={['self', 'staff'] as const}
      labels={REDEMPTION_MODE_LABELS}
      help={HELP}
      {...props}
    />
  );
}
