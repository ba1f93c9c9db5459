import type { PublicVoucher } from '@avpass/contracts';
import { UNAVAILABLE_TITLES } from '@avpass/contracts/redeem-refusals';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useRedeemVoucher } from '@/lib/vouchers-api/redeem-voucher';
import { errorMessageOf } from '@/lib/api-client';
import { isUnconfirmedRedeem, UNCONFIRMED_REDEEM_MESSAGE, useRedeemIntent } from '../lib/redeem-intent';
import { REDEEM_FAILED_FALLBACK, type VoucherView } from '../lib/voucher-view';
import { RedemptionProof, usedUpText } from './redemption-proof';

/**
 * The Redeem button (only while the server says the voucher is active), the one question it asks
 * before it counts a use, the spec's toasts, and a confirmation the cashier can read afterwards.
 */
export function RedeemPanel({ voucher, view }: { voucher: PublicVoucher; view: VoucherView }) {
  const { toast } = useToast();
  const redeem = useRedeemVoucher(voucher.id);
  const [redeemedAt, setRedeemedAt] = useState<Date | null>(null);
  // A stray tap at home must not use the voucher: Redeem asks once, the till confirms.
  const [confirming, setConfirming] = useState(false);
  const intent = useRedeemIntent(voucher.id);
  // Optional: the sale rung up at the till, in dollars as typed (sent as cents).
  const [sale, setSale] = useState('');
  const cents = saleCents(sale);
  // Used up: where and when it was last used, in the notice that says so (not a second box).
  const usedUp = voucher.status === 'used_up' ? usedUpText(voucher) : null;

  function onConfirm() {
    if (cents === null) return;
    setConfirming(false);
    // One key per redeem intent, kept until a definitive answer: pressing again after a 503, a
    // timeout or a lost connection asks about the same redemption instead of making a second one.
    redeem.mutate(
      { key: intent.key(), ...(cents !== undefined ? { transactionAmount: cents } : {}) },
      {
        onSuccess: () => {
          intent.settle();
          setRedeemedAt(new Date());
          toast({ title: 'Voucher Redeemed!', description: view.redeemedDescription });
        },
        onError: (error) => {
          if (isUnconfirmedRedeem(error)) {
            toast({ title: 'Not confirmed', description: UNCONFIRMED_REDEEM_MESSAGE, kind: 'destructive' });
            return;
          }
          intent.settle();
          toast({
            title: 'Redemption Failed',
            description: errorMessageOf(error, REDEEM_FAILED_FALLBACK),
            kind: 'destructive',
          });
        },
      },
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <RedemptionProof voucher={voucher} redeemedHereAt={redeemedAt} />
      {view.canRedeem && confirming ? (
        <Box
          role="group"
          aria-labelledby="redeem-question"
          data-testid="redeem-confirm"
          sx={(theme) => ({
            display: 'flex',
            flexDirection: 'column',
            gap: 1.5,
            p: 2,
            borderRadius: 3,
            border: `2px solid ${theme.palette.secondary.main}`,
          })}
        >
          <Box id="redeem-question" sx={{ textAlign: 'center' }}>
            <Typography variant="h6" component="p">
              Redeem now?
            </Typography>
            <Typography color="text.secondary">{view.redeemQuestion}</Typography>
          </Box>
          <Typography component="label" htmlFor="sale-amount" sx={{ fontWeight: 600 }}>
            Sale amount ($, optional)
          </Typography>
          <Box
            component="input"
            id="sale-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={sale}
            onChange={(event: { target: { value: string } }) => setSale(event.target.value)}
            aria-invalid={cents === null}
            aria-describedby="sale-amount-help"
            data-testid="sale-amount"
            sx={(theme) => ({
              font: 'inherit',
              fontSize: '1.1rem',
              p: 1.5,
              borderRadius: 2,
              border: `1px solid ${cents === null ? theme.palette.error.main : theme.palette.divider}`,
            })}
          />
          <Typography
            id="sale-amount-help"
            variant="body2"
            color={cents === null ? 'error' : 'text.secondary'}
            sx={{ mt: -1 }}
          >
            {cents === null
              ? 'Enter the sale in dollars, e.g. 45.50'
              : 'Staff: the discount is worked out from it.'}
          </Typography>
          <Button
            variant="contained"
            color="secondary"
            size="large"
            fullWidth
            disabled={cents === null}
            onClick={onConfirm}
            data-testid="redeem-confirm-button"
            sx={{ minHeight: 60, fontSize: '1.1rem', borderRadius: 3 }}
          >
            Yes, redeem now
          </Button>
          <Button
            variant="text"
            size="large"
            fullWidth
            onClick={() => setConfirming(false)}
            sx={{ minHeight: 48 }}
          >
            Cancel
          </Button>
        </Box>
      ) : view.canRedeem ? (
        <Button
          variant="contained"
          color="secondary"
          size="large"
          fullWidth
          onClick={() => setConfirming(true)}
          disabled={redeem.isPending}
          data-testid="redeem-button"
          startIcon={redeem.isPending ? <CircularProgress size={20} color="inherit" /> : undefined}
          sx={{ minHeight: 60, fontSize: '1.1rem', borderRadius: 3 }}
        >
          {redeem.isPending ? 'Redeeming...' : view.redeemLabel}
        </Button>
      ) : (
        view.refusal && (
          <Alert
            severity={voucher.status === 'used_up' || voucher.status === 'upcoming' ? 'info' : 'warning'}
            icon={<BlockRoundedIcon />}
            data-testid="redeem-unavailable"
            sx={{ color: 'text.primary' }}
          >
            <AlertTitle>{view.validFromText ?? UNAVAILABLE_TITLES[voucher.status]}</AlertTitle>
            {usedUp && !redeemedAt ? (
              <>
                <Box component="strong" data-testid="voucher-last-redemption" sx={{ display: 'block' }}>
                  {usedUp}
                </Box>
                {view.refusal}
              </>
            ) : (
              view.refusal
            )}
          </Alert>
        )
      )}
    </Box>
  );
}

/** '' -> undefined (no sale given), '45.5' or '$45.50' -> 4550 cents, anything else -> null. */
function saleCents(text: string): number | null | undefined {
  if (!text.trim()) return undefined;
  // Dollars and at most two decimals, read as text (no binary rounding); kept tiny for this page's budget.
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{0,2}))?\s*$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
