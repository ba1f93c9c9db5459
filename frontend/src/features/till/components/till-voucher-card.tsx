import type { TillCheckResponse } from '@avpass/contracts';
import { formatCentsIn } from '@avpass/domain';
import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { voucherTextIn } from '@avpass/contracts/i18n/voucher-words';
import { useT, useWords } from '@/i18n/i18n';
import { StatusChip } from '@/components/vouchers/status-chip';
import { holderText, memberUsesText, reasonText, refusalTitle, usesLeftText } from '../lib/till-text';
import { VoucherHeader } from './voucher-header';

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide ? { gridColumn: '1 / -1' } : {}) }}>
      <Typography
        component="dt"
        variant="overline"
        sx={{ display: 'block', color: 'text.secondary', lineHeight: 1.6 }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

export interface SaleField {
  text: string;
  onChange: (text: string) => void;
  /** undefined: none typed; null: not an amount. */
  cents: number | null | undefined;
}

/**
 * The checked voucher as the till shows it: the pass's header (partner logo or the trainer), whether
 * this shop may honour it now (or why not, in words), its status, uses left and expiry, the sale
 * amount with the discount and what is left to pay, and one big Redeem.
 */
export function TillVoucherCard({
  result,
  sale,
  rechecking,
  redeeming,
  onRedeem,
  onScanNext,
  notice,
}: {
  result: TillCheckResponse;
  sale: SaleField;
  /** A re-check with the sale amount is on its way. */
  rechecking: boolean;
  redeeming: boolean;
  onRedeem: () => void;
  onScanNext: () => void;
  /** A redeem's refusal or unconfirmed answer, shown above the button. */
  notice: ReactNode;
}) {
  const { voucher } = result;
  const words = useWords();
  const t = useT();
  const text = voucherTextIn(voucher, words);
  const formatCents = (cents: number) => formatCentsIn(words.language, cents);
  const partnerNames = voucher.partners?.map((p) => p.name) ?? [];
  const totals = result.redeemable && sale.cents !== undefined && sale.cents !== null;

  return (
    <Card
      component="article"
      aria-labelledby="till-voucher-title"
      data-testid="till-voucher"
      sx={{ overflow: 'hidden' }}
    >
      <VoucherHeader voucher={voucher} text={text} />

      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {result.redeemable ? (
          <Box
            data-testid="till-verdict"
            data-redeemable="true"
            sx={(theme) => ({
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              p: 1.5,
              borderRadius: 3,
              backgroundColor: theme.palette.success.main,
              color: theme.palette.success.contrastText,
            })}
          >
            <CheckCircleRoundedIcon sx={{ fontSize: 36 }} aria-hidden />
            <Box>
              <Typography sx={{ fontWeight: 800, fontSize: '1.15rem', color: 'inherit' }}>
                {t('till.validHere')}
              </Typography>
              <Typography sx={{ color: 'inherit' }}>{t('till.redeemNow')}</Typography>
            </Box>
          </Box>
        ) : (
          <Alert
            severity="error"
            icon={<BlockRoundedIcon fontSize="large" />}
            data-testid="till-verdict"
            data-redeemable="false"
            sx={{ color: 'text.primary', fontSize: '1rem' }}
          >
            <AlertTitle sx={{ fontWeight: 800, fontSize: '1.15rem' }}>{refusalTitle(result, t)}</AlertTitle>
            {reasonText(result, t)}
          </Alert>
        )}

        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          <Detail label={t('till.label.status')}>
            <StatusChip status={voucher.status} />
          </Detail>
          <Detail label={t('till.label.usesLeft')}>
            <span data-testid="till-uses-left">{usesLeftText(result.usesLeft, voucher.usageLimit, t)}</span>
          </Detail>
          {result.holder && (
            <Detail label={t('till.label.member')}>
              <span data-testid="till-holder">{holderText(result.holder)}</span>
            </Detail>
          )}
          {result.memberUses && (
            <Detail label={t('till.label.memberUses')}>
              <span data-testid="till-member-uses">{memberUsesText(result.memberUses, t)}</span>
            </Detail>
          )}
          <Detail label={t('till.label.validUntil')}>{text.validUntilText}</Detail>
          <Detail label={t('till.label.service')}>{text.serviceText}</Detail>
          {partnerNames.length > 0 &&
            !(partnerNames.length === 1 && partnerNames[0] === voucher.clinicName) && (
              <Detail
                label={t(partnerNames.length === 1 ? 'till.label.partner' : 'till.label.partners')}
                wide
              >
                {partnerNames.slice(0, 4).join(', ')}
                {partnerNames.length > 4 ? t('till.andMore', { count: partnerNames.length - 4 }) : ''}
              </Detail>
            )}
        </Box>

        {result.redeemable && (
          <>
            <TextField
              label={t('till.saleLabel')}
              value={sale.text}
              onChange={(event) => sale.onChange(event.target.value)}
              error={sale.cents === null}
              helperText={t(sale.cents === null ? 'till.saleError' : 'till.saleHelp')}
              autoComplete="off"
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'data-testid': 'till-sale-amount' },
              }}
            />
            {totals && (
              <Box
                component="dl"
                data-testid="till-totals"
                aria-busy={rechecking}
                sx={(theme) => ({
                  m: 0,
                  p: 1.5,
                  borderRadius: 3,
                  border: `1px solid ${theme.palette.divider}`,
                  display: 'grid',
                  gridTemplateColumns: '1fr auto',
                  rowGap: 0.5,
                  alignItems: 'baseline',
                  opacity: rechecking ? 0.6 : 1,
                })}
              >
                <Typography component="dt">{t('till.discount')}</Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="till-discount">
                  {result.discountApplied !== undefined ? `−${formatCents(result.discountApplied)}` : '…'}
                </Typography>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  {t('till.toPay')}
                </Typography>
                <Typography
                  component="dd"
                  sx={{ m: 0, fontWeight: 900, fontSize: '1.6rem' }}
                  data-testid="till-amount-due"
                >
                  {result.amountDue !== undefined ? formatCents(result.amountDue) : '…'}
                </Typography>
              </Box>
            )}
          </>
        )}

        {notice}

        {result.redeemable && (
          <Button
            variant="contained"
            color="secondary"
            size="large"
            fullWidth
            onClick={onRedeem}
            disabled={redeeming || sale.cents === null}
            data-testid="till-redeem"
            startIcon={redeeming ? <CircularProgress size={22} color="inherit" /> : undefined}
            sx={{ minHeight: 64, fontSize: '1.25rem', borderRadius: 3 }}
          >
            {t(redeeming ? 'till.redeeming' : 'till.redeem')}
          </Button>
        )}
        <Button
          variant={result.redeemable ? 'text' : 'contained'}
          size="large"
          fullWidth
          onClick={onScanNext}
          disabled={redeeming}
          data-testid="till-scan-next"
          sx={{ minHeight: 52 }}
        >
          {t(result.redeemable ? 'till.cancelScan' : 'till.scanAnother')}
        </Button>
      </Box>
    </Card>
  );
}
