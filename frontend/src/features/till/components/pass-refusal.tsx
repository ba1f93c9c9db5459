import BadgeRoundedIcon from '@mui/icons-material/BadgeRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useT } from '@/i18n/i18n';
import type { OfflinePassRefusal } from '../offline/offline-pass';
import { passRefusalText } from '../lib/till-text';

/**
 * A member pass refused (issue 43), in the reader's words: a screenshot or an old code ("Ask the member
 * to open their pass"), not genuine, replaced (revoked), or, offline, a wallet code only the server can
 * check. Nothing to redeem; the staff scans again.
 */
export function PassRefusal({
  refusal,
  offline,
  onScanNext,
}: {
  refusal: OfflinePassRefusal;
  offline: boolean;
  onScanNext: () => void;
}) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert
        severity="error"
        data-testid="till-pass-refused"
        data-refusal={refusal}
        data-offline={offline}
        sx={{ color: 'text.primary', fontSize: '1.05rem' }}
      >
        <AlertTitle sx={{ fontWeight: 800 }}>{t('till.pass.refusedTitle')}</AlertTitle>
        {passRefusalText(refusal, t)}
        {offline && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('till.pass.checkedOfflineShort')}
          </Typography>
        )}
      </Alert>
      <Button variant="contained" size="large" fullWidth onClick={onScanNext} sx={{ minHeight: 56 }}>
        {t('till.scanAnother')}
      </Button>
    </Box>
  );
}

/**
 * Apple Wallet's member code does not change, so a picture of it would do: the till asks the member
 * for their date of birth or their phone's last 4 digits, and sends it with the code (`wrong`: the
 * last one sent did not match).
 */
export function PassSecondFactor({
  wrong,
  error,
  checking,
  onSubmit,
  onCancel,
}: {
  wrong: boolean;
  /** The server's refusal of what was typed (not a date or 4 digits; too many tries). */
  error?: string | undefined;
  checking: boolean;
  onSubmit: (secondFactor: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), [wrong, error]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const factor = value.trim();
    if (factor) onSubmit(factor);
  };
  return (
    <Card
      component="section"
      aria-labelledby="till-pass-factor-title"
      data-testid="till-pass-factor"
      sx={{ p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <BadgeRoundedIcon sx={{ fontSize: 36, color: 'secondary.dark' }} aria-hidden />
        <Typography id="till-pass-factor-title" variant="h6" component="h2">
          {t('till.pass.factor.title')}
        </Typography>
      </Box>
      <Typography sx={{ mb: 2 }}>{t('till.pass.refusal.second_factor')}</Typography>
      {wrong && (
        <Alert severity="error" data-testid="till-pass-factor-wrong" sx={{ color: 'text.primary', mb: 2 }}>
          {t('till.pass.factor.wrong')}
        </Alert>
      )}
      {error && (
        <Alert severity="error" data-testid="till-pass-factor-error" sx={{ color: 'text.primary', mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        <TextField
          label={t('till.pass.factor.label')}
          helperText={t('till.pass.factor.help')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputRef={inputRef}
          autoComplete="off"
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'till-pass-factor-input', maxLength: 20 },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={checking || !value.trim()}
          data-testid="till-pass-factor-check"
          sx={{ minHeight: 56 }}
        >
          {t('till.pass.factor.check')}
        </Button>
        <Button variant="outlined" size="large" onClick={onCancel} sx={{ minHeight: 48 }}>
          {t('till.offline.cancel')}
        </Button>
      </Box>
    </Card>
  );
}
