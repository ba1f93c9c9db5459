import type { TillCheckResponse } from '@avpass/contracts';
import { formatCents } from '@avpass/domain';
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
import { voucherText } from '@avpass/contracts/voucher-text';
import { StatusChip } from '@/components/vouchers/status-chip';
import { SALE_AMOUNT_ERROR, SALE_AMOUNT_HELP } from '../lib/sale-amount';
import { holderText, memberUsesText, refusalTitle, usesLeftText } from '../lib/till-text';
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
  const text = voucherText(voucher);
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
                Valid here
              </Typography>
              <Typography sx={{ color: 'inherit' }}>Redeem it now.</Typography>
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
            <AlertTitle sx={{ fontWeight: 800, fontSize: '1.15rem' }}>{refusalTitle(result)}</AlertTitle>
            {result.reason ?? 'This voucher cannot be redeemed here.'}
          </Alert>
        )}

        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          <Detail label="Status">
            <StatusChip status={voucher.status} />
          </Detail>
          <Detail label="Uses left">
            <span data-testid="till-uses-left">{usesLeftText(result.usesLeft, voucher.usageLimit)}</span>
          </Detail>
          {result.holder && (
            <Detail label="Member">
              <span data-testid="till-holder">{holderText(result.holder)}</span>
            </Detail>
          )}
          {result.memberUses && (
            <Detail label="Uses per member">
              <span data-testid="till-member-uses">{memberUsesText(result.memberUses)}</span>
            </Detail>
          )}
          <Detail label="Valid until">{text.validUntilText}</Detail>
          <Detail label="Service">{text.serviceText}</Detail>
          {partnerNames.length > 0 &&
            !(partnerNames.length === 1 && partnerNames[0] === voucher.clinicName) && (
              <Detail label={partnerNames.length === 1 ? 'Partner' : 'Partners'} wide>
                {partnerNames.slice(0, 4).join(', ')}
                {partnerNames.length > 4 ? ` and ${partnerNames.length - 4} more` : ''}
              </Detail>
            )}
        </Box>

        {result.redeemable && (
          <>
            <TextField
              label="Sale amount (optional)"
              value={sale.text}
              onChange={(event) => sale.onChange(event.target.value)}
              error={sale.cents === null}
              helperText={sale.cents === null ? SALE_AMOUNT_ERROR : SALE_AMOUNT_HELP}
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
                <Typography component="dt">Discount</Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 700 }} data-testid="till-discount">
                  {result.discountApplied !== undefined ? `−${formatCents(result.discountApplied)}` : '…'}
                </Typography>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  To pay
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
            {redeeming ? 'Redeeming…' : 'Redeem'}
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
          {result.redeemable ? 'Cancel, scan another' : 'Scan another voucher'}
        </Button>
      </Box>
    </Card>
  );
}
