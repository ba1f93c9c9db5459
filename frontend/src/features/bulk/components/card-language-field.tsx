import { CARD_LANGUAGES, type CardLanguage } from '@avpass/contracts/words';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '@/i18n/i18n';

/** The language a batch's printed cards speak (issue 42, decision 359): English, Spanish or both. */
export function CardLanguageField({
  value,
  onChange,
  disabled,
  error,
}: {
  value: CardLanguage;
  onChange: (value: CardLanguage) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <TextField
      select
      fullWidth
      id="card-language"
      name="cardLanguage"
      label={t('generate.cardLanguage.label')}
      value={value}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ?? t('generate.cardLanguage.batchHelp')}
      onChange={(event) => onChange(event.target.value as CardLanguage)}
      slotProps={{ htmlInput: { 'data-testid': 'card-language' } }}
    >
      {CARD_LANGUAGES.map((language) => (
        <MenuItem key={language} value={language}>
          {t(`generate.cardLanguage.${language}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
