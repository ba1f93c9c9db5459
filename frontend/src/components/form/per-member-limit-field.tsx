import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  PER_MEMBER_CHOICES,
  perMemberTakesCount,
  type PerMemberChoice,
} from '@/lib/per-member-limit-options';
import { useT } from '@/i18n/i18n';

interface PerMemberLimitFieldProps {
  choice: PerMemberChoice;
  count: string;
  error?: string;
  disabled?: boolean;
  onChange: (patch: { perMemberChoice?: PerMemberChoice; perMemberCount?: string }) => void;
}

/** "Per member" (issue 41): no limit, one per member ever, or N uses per day, week or month. */
export function PerMemberLimitField({ choice, count, error, disabled, onChange }: PerMemberLimitFieldProps) {
  const t = useT();
  const withCount = perMemberTakesCount(choice);
  return (
    <Box sx={{ display: 'flex', gap: 1.5, gridColumn: withCount ? { sm: '1 / -1' } : undefined }}>
      <TextField
        select
        label={t('staff.form.perMember')}
        name="perMemberChoice"
        value={choice}
        disabled={disabled}
        error={Boolean(error) && !withCount}
        onChange={(event) => onChange({ perMemberChoice: event.target.value as PerMemberChoice })}
        helperText={withCount ? ' ' : (error ?? t('staff.form.perMemberHelp'))}
        sx={{ flex: 1, minWidth: 0 }}
      >
        {PER_MEMBER_CHOICES.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {t(`staff.form.perMemberChoice.${option.value}`)}
          </MenuItem>
        ))}
      </TextField>
      {withCount && (
        <TextField
          label={t('staff.form.usesPerMember')}
          name="perMemberCount"
          value={count}
          disabled={disabled}
          required
          error={Boolean(error)}
          onChange={(event) => onChange({ perMemberCount: event.target.value })}
          helperText={error ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: 1, minWidth: 0 }}
        />
      )}
    </Box>
  );
}
