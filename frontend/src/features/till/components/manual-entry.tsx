import KeyboardRoundedIcon from '@mui/icons-material/KeyboardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { TILL_CODE_MESSAGE } from '@avpass/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';

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
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnShow) inputRef.current?.focus();
  }, [focusOnShow]);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = code.trim();
    if (!text) {
      setError(TILL_CODE_MESSAGE);
      return;
    }
    setError(null);
    onSubmit(text);
  }

  return (
    <Box
      component="form"
      noValidate
      aria-label="Type a voucher code"
      onSubmit={submit}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        label="Link, id or 8 characters"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (error) setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? 'The 8 characters are printed under the QR code.'}
        fullWidth
        autoComplete="off"
        inputRef={inputRef}
        slotProps={{
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
        Check
      </Button>
    </Box>
  );
}
