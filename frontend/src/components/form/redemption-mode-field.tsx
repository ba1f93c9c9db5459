import type { RedemptionMode } from '@avpass/contracts';
import { useState } from 'react';
import { DefaultedChoiceField } from './defaulted-choice-field';
import { useT } from '@/i18n/i18n';
import { useVoucherSettings } from '@/lib/vouchers-api';

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
  label,
  ...props
}: {
  value: RedemptionMode | undefined;
  onChange: (value: RedemptionMode) => void;
  disabled?: boolean | undefined;
  error?: string | undefined;
  label?: string;
}) {
  const t = useT();
  return (
    <DefaultedChoiceField
      name="redemptionMode"
      testId="redemption-mode"
      label={label ?? t('staff.form.redemptionMode')}
      choices={['self', 'staff'] as const}
      labels={{ self: t('staff.form.redemptionMode.self'), staff: t('staff.form.redemptionMode.staff') }}
      help={{
        self: t('staff.form.redemptionModeHelp.self'),
        staff: t('staff.form.redemptionModeHelp.staff'),
      }}
      {...props}
    />
  );
}
