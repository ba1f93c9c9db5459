import CloudOffRoundedIcon from '@mui/icons-material/CloudOffRounded';
import CloudQueueRoundedIcon from '@mui/icons-material/CloudQueueRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDiscount } from '@avpass/domain';
import { useEffect, useRef, useState } from 'react';
import { SALE_AMOUNT_ERROR, SALE_AMOUNT_HELP, saleCents } from '../lib/sale-amount';
import { useT } from '@/i18n/i18n';
import { holderText, memberUsesText } from '../lib/till-text';
import type { OfflineVerdict } from './offline-check';
import type { OfflineQueue } from './use-offline-queue';

/** What the till says once a redeem is in the queue. */
export const SAVED_OFFLINE_MESSAGE = 'Saved, will be sent when online';

/** "2 uses left" after this till's queued ones, "Unlimited uses". */
export function offlineUsesText(usesLeft: number | null): string {
  if (usesLeft === null) return 'Unlimited uses';
  return `${usesLeft} ${usesLeft === 1 ? 'use' : 'uses'} left`;
}

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
}: {
  code: string;
  checked?: { verdict: OfflineVerdict & { code: NonNullable<OfflineVerdict['code']> }; listFrom: string };
  saved?: boolean;
  queue: Pick<OfflineQueue, 'enqueue'>;
  onSaved?: () => void;
  onScanNext: () => void;
}) {
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
          {checked ? 'Valid here (checked offline)' : 'No connection'}
        </Typography>
      </Box>
      {checked ? (
        <Box sx={{ mb: 1 }} data-testid="till-offline-voucher">
          <Typography sx={{ fontWeight: 800, fontSize: '1.15rem', overflowWrap: 'anywhere' }}>
            {checked.verdict.code.title}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {formatDiscount(checked.verdict.code.discountType, checked.verdict.code.discountValue)}
            {' · '}
            <span data-testid="till-offline-uses-left">{offlineUsesText(checked.verdict.usesLeft)}</span>
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
            <AlertTitle sx={{ fontWeight: 800 }}>{SAVED_OFFLINE_MESSAGE}</AlertTitle>
            It is checked and counted when the phone is back online; the result appears under Offline
            redemptions.
          </Alert>
          <Button variant="contained" size="large" fullWidth onClick={onScanNext} sx={{ minHeight: 56 }}>
            Scan next voucher
          </Button>
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {checked
              ? "No connection: the till's list says this voucher is valid here. Save the redemption and it is sent when the phone is back online."
              : 'This voucher cannot be checked without a connection. Save the redemption and it is sent when the phone is back online: it is honoured only if the voucher is still valid here then.'}
          </Typography>
          <TextField
            label="Sale amount (optional)"
            value={saleText}
            onChange={(event) => setSaleText(event.target.value)}
            error={cents === null}
            helperText={cents === null ? SALE_AMOUNT_ERROR : SALE_AMOUNT_HELP}
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'till-offline-sale' } }}
            sx={{ mb: 2 }}
          />
          {failed && (
            <Alert severity="error" sx={{ color: 'text.primary', mb: 2 }}>
              This phone could not keep the redemption (its storage is unavailable). Try again online.
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
              Redeem when online
            </Button>
            <Button variant="outlined" size="large" onClick={onScanNext} sx={{ minHeight: 48 }}>
              Cancel
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
