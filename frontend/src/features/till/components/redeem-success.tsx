import type { TillRedemption, TillRedeemResponse } from '@avpass/contracts';
import { voucherText } from '@avpass/contracts/voucher-text';
import { formatCents, formatMonthDayTime } from '@avpass/domain';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { viewerTimeZone } from '@/lib/time-zone';
import { UndoRedemptionButton } from './undo-redemption';

/**
 * The unmistakable answer: a large check on green, the redemption's short reference, the time, what
 * was taken off the sale; Undo while its window is open; then the next scan. Once undone it says so.
 */
export function RedeemSuccess({
  result,
  undone,
  onUndone,
  onScanNext,
}: {
  result: TillRedeemResponse;
  /** The redemption as the undo left it (cancelled), or null. */
  undone: TillRedemption | null;
  onUndone: (redemption: TillRedemption) => void;
  onScanNext: () => void;
}) {
  const { redemption, voucher } = result;
  const view = voucherText(voucher);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [undone]);
  const zone = viewerTimeZone();

  return (
    <Card
      component="section"
      aria-labelledby="till-success-title"
      data-testid={undone ? 'till-undone' : 'till-success'}
      sx={{ overflow: 'hidden' }}
    >
      <Box
        sx={(theme) => ({
          p: 3,
          textAlign: 'center',
          backgroundColor: undone ? theme.palette.grey[700] : theme.palette.success.main,
          color: theme.palette.common.white,
        })}
      >
        {undone ? (
          <UndoRoundedIcon sx={{ fontSize: 96 }} aria-hidden />
        ) : (
          <CheckCircleRoundedIcon sx={{ fontSize: 120 }} aria-hidden />
        )}
        <Typography
          id="till-success-title"
          ref={headingRef}
          tabIndex={-1}
          variant="h4"
          component="h2"
          sx={{ color: 'inherit', outline: 'none', fontWeight: 900 }}
        >
          {undone ? 'Redemption undone' : 'Redeemed'}
        </Typography>
        <Typography sx={{ color: 'inherit', fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
          {view.title} · {view.discountText}
        </Typography>
      </Box>
      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
        >
          <Typography component="dt" color="text.secondary">
            Reference
          </Typography>
          <Typography
            component="dd"
            data-testid="till-reference"
            sx={{
              m: 0,
              fontWeight: 900,
              fontSize: '1.6rem',
              letterSpacing: '0.08em',
              fontFamily: 'monospace',
            }}
          >
            {redemption.reference}
          </Typography>
          <Typography component="dt" color="text.secondary">
            Time
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="till-redeemed-at">
            {formatMonthDayTime(redemption.redeemedAt, zone)}
          </Typography>
          {redemption.transactionAmount !== null && (
            <>
              <Typography component="dt" color="text.secondary">
                Sale
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                {formatCents(redemption.transactionAmount)}
              </Typography>
            </>
          )}
          {redemption.discountApplied !== null && (
            <>
              <Typography component="dt" color="text.secondary">
                Discount
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="till-success-discount">
                −{formatCents(redemption.discountApplied)}
              </Typography>
            </>
          )}
          {redemption.transactionAmount !== null && redemption.discountApplied !== null && (
            <>
              <Typography component="dt" color="text.secondary">
                To pay
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 900, fontSize: '1.3rem' }}>
                {formatCents(Math.max(0, redemption.transactionAmount - redemption.discountApplied))}
              </Typography>
            </>
          )}
          <Typography component="dt" color="text.secondary">
            By
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {redemption.redeemedBy}
            {redemption.partnerName ? ` at ${redemption.partnerName}` : ''}
          </Typography>
          {undone?.cancelReason && (
            <>
              <Typography component="dt" color="text.secondary">
                Reason
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid="till-undone-reason">
                {undone.cancelReason}
              </Typography>
            </>
          )}
        </Box>
        <Button
          variant="contained"
          color="secondary"
          size="large"
          fullWidth
          onClick={onScanNext}
          data-testid="till-scan-next"
          sx={{ minHeight: 64, fontSize: '1.15rem', borderRadius: 3 }}
        >
          Scan next voucher
        </Button>
        {!undone && redemption.cancellable && (
          <UndoRedemptionButton
            redemption={redemption}
            fullWidth
            onUndone={(answer) => onUndone(answer.redemption)}
          />
        )}
      </Box>
    </Card>
  );
}
