import type { FundedBy } from '@avpass/contracts';
import { useState } from 'react';
import { DefaultedChoiceField } from './defaulted-choice-field';
import { useT } from '@/i18n/i18n';
import { useVoucherSettings } from '@/lib/vouchers-api';

/**
 * Who pays for the discount of the code a form creates (issue 39), starting at the club-wide default
 * from Settings. `fundedBy` is undefined until the default has loaded and nothing was picked: the
 * request then leaves it out and the server applies the same default.
 */
export function useFundedBy() {
  const settings = useVoucherSettings();
  const [picked, setPicked] = useState<FundedBy | null>(null);
  const fundedBy: FundedBy | undefined = picked ?? settings.data?.defaultFundedBy;
  return { fundedBy, setFundedBy: setPicked, reset: () => setPicked(null) };
}

/** The request field: absent when unknown (the server's default applies). */
export const fundedByRequest = (fundedBy: FundedBy | undefined) => (fundedBy ? { fundedBy } : {});

/** "Who pays for the discount": the shared radio pair of every create form and of Settings. */
export function FundedByField({
  label,
  ...props
}: {
  value: FundedBy | undefined;
  onChange: (value: FundedBy) => void;
  disabled?: boolean | undefined;
  error?: string | undefined;
  label?: string;
}) {
  const t = useT();
  return (
    <DefaultedChoiceField
      name="fundedBy"
      testId="funded-by"
      label={label ?? t('staff.form.fundedBy')}
      choices={['partner', 'club'] as const}
      labels={{ club: t('staff.form.fundedBy.club'), partner: t('staff.form.fundedBy.partner') }}
      help={{ club: t('staff.form.fundedByHelp.club'), partner: t('staff.form.fundedByHelp.partner') }}
      {...props}
    />
  );
}
