import type { TillRedemption, TillRedeemResponse } from '@avpass/contracts';
import { voucherTextIn } from '@avpass/contracts/i18n/voucher-words';
import { formatCentsIn, formatMonthDayTimeIn } from '@avpass/domain';
import { useWords } from '@/i18n/i18n';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import UndoRoundedIcon from '@mui/icons-material/UndoRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { viewerTimeZone } from '@/lib/time-zone';
import { UndoRedemptionButton } from './undo-redemption';

/**
 * The unmistakable answer: a check on green, the redemption's short reference, the time, what was
 * taken off the sale; Undo while its window is open. Once undone it says so. The till shows the entry
 * for the next code beside it at once (nothing to press first); the live region reads the answer out.
 */
export function RedeemSuccess({
  result,
  undone,
  onUndone,
  focusOnShow,
}: {
  result: TillRedeemResponse;
  /** The redemption as the undo left it (cancelled), or null. */
  undone: TillRedemption | null;
  onUndone: (redemption: TillRedemption) => void;
  /** Takes the focus when shown (the code came from the camera: no keyboard is popped up on a phone). */
  focusOnShow: boolean;
}) {
  const { redemption, voucher } = result;
  const words = useWords();
  const { t, language } = words;
  const formatCents = (cents: number) => formatCentsIn(language, cents);
  const view = voucherTextIn(voucher, words);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusFirst = useRef(focusOnShow);
  const shown = useRef(false);
  useEffect(() => {
    // First showing: as asked; an undo (the Undo button is gone) always brings the focus here.
    if (shown.current || focusFirst.current) headingRef.current?.focus();
    shown.current = true;
  }, [undone]);
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
          p: 2,
          textAlign: 'center',
          backgroundColor: undone ? theme.palette.grey[700] : theme.palette.success.main,
          color: theme.palette.common.white,
        })}
      >
        {undone ? (
          <UndoRoundedIcon sx={{ fontSize: 64 }} aria-hidden />
        ) : (
          <CheckCircleRoundedIcon sx={{ fontSize: 80 }} aria-hidden />
        )}
        <Typography
          id="till-success-title"
          ref={headingRef}
          tabIndex={-1}
          variant="h4"
          component="h2"
          sx={{ color: 'inherit', outline: 'none', fontWeight: 900 }}
        >
          {t(undone ? 'till.success.undone' : 'till.success.redeemed')}
        </Typography>
        <Typography sx={{ color: 'inherit', fontWeight: 600, mt: 0.5, overflowWrap: 'anywhere' }}>
          {view.title} · {view.discountText}
        </Typography>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}
        >
          <Typography component="dt" color="text.secondary">
            {t('till.success.reference')}
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
            {t('till.success.time')}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="till-redeemed-at">
            {formatMonthDayTimeIn(language, redemption.redeemedAt, zone)}
          </Typography>
          {redemption.transactionAmount !== null && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('till.success.sale')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
                {formatCents(redemption.transactionAmount)}
              </Typography>
            </>
          )}
          {redemption.discountApplied !== null && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('till.discount')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="till-success-discount">
                −{formatCents(redemption.discountApplied)}
              </Typography>
            </>
          )}
          {redemption.transactionAmount !== null && redemption.discountApplied !== null && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('till.toPay')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 900, fontSize: '1.3rem' }}>
                {formatCents(Math.max(0, redemption.transactionAmount - redemption.discountApplied))}
              </Typography>
            </>
          )}
          <Typography component="dt" color="text.secondary">
            {t('till.success.by')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {redemption.redeemedBy}
            {redemption.partnerName ? t('till.success.at', { partner: redemption.partnerName }) : ''}
          </Typography>
          {undone?.cancelReason && (
            <>
              <Typography component="dt" color="text.secondary">
                {t('till.success.reason')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-testid="till-undone-reason">
                {undone.cancelReason}
              </Typography>
            </>
          )}
        </Box>
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
