import KeyboardRoundedIcon from '@mui/icons-material/KeyboardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useT } from '@/i18n/i18n';

/**
 * Typing a code when the camera cannot read it: the voucher's link, its id, or the 8 characters
 * printed on cards and shown under the voucher page's pass. The server resolves it among the codes
 * this partner may honour.
 */
export function ManualEntry({
  onSubmit,
  disabled,
  focusOnShow = false,
}: {
  onSubmit: (code: string) => void;
  disabled?: boolean;
  /** Takes the focus when shown: after a redemption of a typed code, the next one is typed at once. */
  focusOnShow?: boolean;
}) {
  const [code, setCode] = useState('');
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) inputRef.current?.focus();
  }, [focusOnShow]);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = code.trim();
    if (!text) {
      setError(t('till.manual.invalid'));
      return;
    }
    setError(null);
    onSubmit(text);
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('till.manual.form')}
      onSubmit={submit}
      // Stacked on a phone and the label kept above the field, so a longer language's label is not cut.
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1,
        alignItems: { xs: 'stretch', sm: 'flex-start' },
      }}
    >
      <TextField
        label={t('till.manual.label')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? t('till.manual.help')}
        fullWidth
        autoComplete="off"
        inputRef={inputRef}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            'data-testid': 'manual-code',
            autoCapitalize: 'characters',
            spellCheck: false,
            maxLength: 2000,
          },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={disabled}
        startIcon={<KeyboardRoundedIcon />}
        data-testid="manual-check"
        sx={{ minHeight: 56, px: 2.5, flexShrink: 0 }}
      >
        {t('till.manual.check')}
      </Button>
    </Box>
  );
}
