import type { FundedBy } from '@avpass/contracts';
import { useState } from 'react';
import { DefaultedChoiceField } from './defaulted-choice-field';
import { useVoucherSettings } from '@/lib/vouchers-api';

export const FUNDED_BY_LABELS: Readonly<Record<FundedBy, string>> = {
  club: 'The club',
  partner: 'The partner shop',
};

const HELP: Readonly<Record<FundedBy, string>> = {
  club: 'The club reimburses the partner shop the discount of each redemption.',
  partner: 'The shop’s own offer: nothing is owed for its redemptions.',
};

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
  label = 'Who pays for the discount',
  ...props
}: {
  value: FundedBy | undefined;
  onChange: (value: FundedBy) => void;
  disabled?: boolean | undefined;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <DefaultedChoiceField
      name="fundedBy"
      testId="funded-by"
      label={label}
      choices={['partner', 'club'] as const}
      labels={FUNDED_BY_LABELS}
      help={HELP}
      {...props}
    />
  );
}
