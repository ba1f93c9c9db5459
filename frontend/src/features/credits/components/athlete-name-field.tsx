import type { AthleteCredit } from '@avpass/contracts';
import { formatCentsIn, formatDateIn } from '@avpass/domain';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { apiErrorText } from '@/i18n/api-error-text';
import { useWords } from '@/i18n/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSpendableAthletes } from '../api/get-spendable-athletes';
import { roleLabel } from './credit-bits';

/**
 * The partner's "Athlete name": a type-ahead over the athletes it may charge now (balance above zero,
 * not expired), searched on the server as the name is typed. Picking one names the credit; a name
 * typed without picking is still checked on submit.
 */
export function AthleteNameField({
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  value: string;
  /** The text, and the credit when it was picked from the list (null once the text is edited). */
  onChange: (name: string, credit: AthleteCredit | null) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  const { t, language } = useWords();
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(value.trim(), 200);
  const athletes = useSpendableAthletes(search, open);
  const options = athletes.data?.items ?? [];

  return (
    <Autocomplete<AthleteCredit, false, false, true>
      freeSolo
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      inputValue={value}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') onChange(text, null);
      }}
      onChange={(_event, picked) => {
        if (picked && typeof picked !== 'string') onChange(picked.athleteName, picked);
      }}
      // The server searches; the list shows what it answered.
      filterOptions={(list) => list}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.athleteName)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      loading={athletes.isPending && open}
      loadingText={t('credits.athlete.searching')}
      noOptionsText={
        athletes.isError
          ? apiErrorText(athletes.error, t('credits.athlete.loadFailed'))
          : search
            ? t('credits.athlete.noMatch', { term: search })
            : t('credits.athlete.none')
      }
      autoHighlight={false}
      fullWidth
      slotProps={{
        listbox: {
          // @ts-expect-error a data attribute on the listbox, for tests
          'data-testid': 'athlete-suggestions',
        },
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box
            component="li"
            key={key}
            {...rest}
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
          >
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {option.athleteName}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('credits.athlete.roleUntil', {
                  role: roleLabel(t, option.athleteRole),
                  date: formatDateIn(language, option.endDate, 'UTC'),
                })}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatCentsIn(language, option.currentBalance)}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('credits.field.athleteName')}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? t('credits.athlete.help')}
        />
      )}
    />
  );
}
