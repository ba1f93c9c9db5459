import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { useT } from '@/i18n/i18n';

/**
 * A radio group for a setting a form may leave to the club-wide default (who redeems, who pays for the
 * discount): each choice with its label and, once picked, its explanation below; unpicked, the default's.
 */
export function DefaultedChoiceField<T extends string>({
  name,
  testId,
  label,
  choices,
  labels,
  help,
  value,
  onChange,
  disabled,
  error,
}: {
  /** The request field's name (the radio group's). */
  name: string;
  testId: string;
  label: string;
  /** In their order on screen. */
  choices: readonly T[];
  labels: Readonly<Record<T, string>>;
  help: Readonly<Record<T, string>>;
  value: T | undefined;
  onChange: (value: T) => void;
  disabled?: boolean | undefined;
  error?: string | undefined;
}) {
  const t = useT();
  const labelId = useId();
  const helpId = useId();
  return (
    <FormControl disabled={disabled} error={Boolean(error)} data-testid={testId}>
      <FormLabel id={labelId} sx={{ fontWeight: 600 }}>
        {label}
      </FormLabel>
      <RadioGroup
        name={name}
        aria-labelledby={labelId}
        aria-describedby={helpId}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value as T)}
      >
        {choices.map((choice) => (
          <FormControlLabel
            key={choice}
            value={choice}
            control={<Radio size="small" />}
            label={labels[choice]}
          />
        ))}
      </RadioGroup>
      <FormHelperText id={helpId}>
        {error ?? (value ? help[value] : t('staff.form.clubDefault'))}
      </FormHelperText>
    </FormControl>
  );
}
