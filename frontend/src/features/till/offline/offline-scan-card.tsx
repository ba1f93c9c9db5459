import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import CloudQueueRoundedIcon from '@mui/icons-material/CloudQueueRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { discountTextIn } from '@avpass/contracts/i18n/voucher-words';
import { saleCents } from '../lib/sale-amount';
import { useT, useWords } from '@/i18n/i18n';
import { holderText, memberUsesText } from '../lib/till-text';
import type { OfflineVerdict } from './offline-check';
import type { OfflineQueue } from './use-offline-queue';

import { offlineUsesTextIn } from './offline-words';

/**
 * A code scanned or typed without a connection. With the till's offline copy (`checked`: the copy says
 * it is valid here) the card shows the voucher, its discount and the uses left after this till's
 * queued ones, and when the list was read; without one it cannot be checked. Either way the staff may
 * keep the redemption (with the sale amount) to be sent when the phone is back online; the server then
 * checks it as at the till, and the result is listed under "Offline redemptions". `saved`: it is
 * already in the queue (a redeem whose answer was lost).
 */
export function OfflineScanCard({
  code,
  checked,
  saved: savedAlready = false,
  queue,
  onSaved,
  onScanNext,
  pass,
}: {
  /** Picked from a member pass (issue 43): the queued redemption carries the member and the code's step. */
  pass?: { memberId: string; passStep?: number };
  code: string;
  checked?: { verdict: OfflineVerdict & { code: NonNullable<OfflineVerdict['code']> }; listFrom: string };
  saved?: boolean;
  queue: Pick<OfflineQueue, 'enqueue'>;
  onSaved?: () => void;
  onScanNext: () => void;
}) {
  const words = useWords();
  const { t } = words;
  const [saleText, setSaleText] = useState('');
  const [saved, setSaved] = useState(savedAlready);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const cents = saleCents(saleText);
  const savedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  async function save() {
    if (cents === null || saving) return;
    setSaving(true);
    setFailed(false);
    try {
      const voucher = checked?.verdict.code;
      await queue.enqueue({
        code: voucher?.id ?? code,
        ...(voucher ? { title: voucher.title } : {}),
        ...(cents !== undefined ? { transactionAmount: cents } : {}),
        ...(pass ? { memberId: pass.memberId } : {}),
        ...(pass?.passStep !== undefined ? { passStep: pass.passStep } : {}),
      });
      setSaved(true);
      onSaved?.();
      try {
        navigator.vibrate?.(60);
      } catch {
        // not supported
      }
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card component="section" aria-labelledby="till-offline-title" data-testid="till-offline" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <CloudOffRoundedIcon sx={{ fontSize: 36, color: 'text.secondary' }} aria-hidden />
        <Typography id="till-offline-title" variant="h6" component="h2">
          {checked ? t('till.offline.validHere') : t('till.offline.noConnection')}
        </Typography>
      </Box>
      {checked ? (
        <Box sx={{ mb: 1 }} data-testid="till-offline-voucher">
          <Typography sx={{ fontWeight: 800, fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
            {checked.verdict.code.title}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {discountTextIn(words, checked.verdict.code.discountType, checked.verdict.code.discountValue)}
            {' · '}
            <span data-testid="till-offline-uses-left">
              {offlineUsesTextIn(checked.verdict.usesLeft, words)}
            </span>
          </Typography>
          <OfflineHolder verdict={checked.verdict} />
          <Typography variant="body2" color="text.secondary" data-testid="till-offline-list-from">
            {checked.listFrom}
          </Typography>
        </Box>
      ) : (
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 700, overflowWrap: 'anywhere', mb: 1 }}>
          {code}
        </Typography>
      )}
      {saved ? (
        <>
          <Alert
            severity="success"
            icon={<CloudQueueRoundedIcon />}
            data-testid="till-offline-saved"
            ref={savedRef}
            tabIndex={-1}
            sx={{ color: 'text.primary', fontSize: '1.05rem', mb: 2 }}
          >
            <AlertTitle sx={{ fontWeight: 800 }}>{t('till.offline.saved')}</AlertTitle>
            {t('till.offline.savedText')}
          </Alert>
          <Button variant="contained" size="large" fullWidth onClick={onScanNext} sx={{ minHeight: 56 }}>
            {t('till.offline.scanNext')}
          </Button>
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {checked ? t('till.offline.checkedText') : t('till.offline.uncheckedText')}
          </Typography>
          <TextField
            label={t('till.saleLabel')}
            value={saleText}
            onChange={(event) => setSaleText(event.target.value)}
            error={cents === null}
            helperText={t(cents === null ? 'till.saleError' : 'till.saleHelp')}
            fullWidth
            autoComplete="off"
            // The label above the field: a longer language's words are not cut.
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { inputMode: 'decimal', 'data-testid': 'till-offline-sale' },
            }}
            sx={{ mb: 2 }}
          />
          {failed && (
            <Alert severity="error" sx={{ color: 'text.primary', mb: 2 }}>
              {t('till.offline.keepFailed')}
            </Alert>
          )}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Button
              variant="contained"
              size="large"
              onClick={() => void save()}
              disabled={saving || cents === null}
              data-testid="till-offline-save"
              sx={{ minHeight: 56 }}
            >
              {t('till.offline.redeemLater')}
            </Button>
            <Button variant="outlined" size="large" onClick={onScanNext} sx={{ minHeight: 48 }}>
              {t('till.offline.cancel')}
            </Button>
          </Box>
        </>
      )}
    </Card>
  );
}

/** A held code's holder and their uses this period, queued ones counted: "Ana G. · 1 of 2 this month". */
export function OfflineHolder({ verdict }: { verdict: Pick<OfflineVerdict, 'holder' | 'memberUses'> }) {
  const t = useT();
  if (!verdict.holder && !verdict.memberUses) return null;
  return (
    <Typography sx={{ fontWeight: 700 }} data-testid="till-offline-holder">
      {verdict.holder && <span>{holderText(verdict.holder)}</span>}
      {verdict.holder && verdict.memberUses && ' · '}
      {verdict.memberUses && (
        <span data-testid="till-offline-member-uses">{memberUsesText(verdict.memberUses, t)}</span>
      )}
    </Typography>
  );
}
