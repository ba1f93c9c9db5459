import type { FundedBy } from '@avpass/contracts';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
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
  value,
  onChange,
  disabled,
  error,
  label = 'Who pays for the discount',
}: {
  value: FundedBy | undefined;
  onChange: (fundedBy: FundedBy) => void;
  disabled?: boolean | undefined;
  error?: string | undefined;
  label?: string;
}) {
  const labelId = useId();
  const helpId = useId();
  return (
    <FormControl disabled={disabled} error={Boolean(error)} data-testid="funded-by">
      <FormLabel id={labelId} sx={{ fontWeight: 600 }}>
        {label}
      </FormLabel>
      <RadioGroup
        name="fundedBy"
        aria-labelledby={labelId}
        aria-describedby={helpId}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as FundedBy)}
      >
        {(['partner', 'club'] as const).map((fundedBy) => (
          <FormControlLabel
            key={fundedBy}
            value={fundedBy}
            control={<Radio size="small" />}
            label={FUNDED_BY_LABELS[fundedBy]}
          />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId}>
        {error ?? (value ? HELP[value] : 'The club default applies unless you pick one.')}
      </FormHelperText>
    </FormControl>
  );
}
