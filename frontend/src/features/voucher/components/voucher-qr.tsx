import { STAFF_ONLY_MESSAGE } from '@avpass/contracts/till-text';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { encodeQr, qrPath } from '../lib/qr-code';

/** Modules of light margin around the symbol (the card is white beyond it too). */
const QUIET_ZONE = 4;

/**
 * The voucher's QR (the link printed on its card) and the 8 characters staff can type instead, so a
 * till can scan the member's screen (issue 25). `staffOnly`: large, under "Show this code at the till",
 * in place of the Redeem button.
 */
export function VoucherQr({
  url,
  shortCode,
  staffOnly = false,
}: {
  url: string;
  shortCode: string;
  staffOnly?: boolean;
}) {
  const symbol = useMemo(() => encodeQr(url), [url]);
  const side = symbol ? symbol.size + 2 * QUIET_ZONE : 0;
  return (
    <Box
      component="section"
      aria-labelledby={staffOnly ? 'staff-only-title' : undefined}
      aria-label={staffOnly ? undefined : 'Code for the till'}
      data-testid={staffOnly ? 'staff-only-qr' : 'voucher-qr-section'}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        ...(staffOnly
          ? { p: 2, borderRadius: 3, border: `2px solid ${theme.palette.secondary.main}` }
          : { pt: 1 }),
      })}
    >
      {staffOnly && (
        <Typography
          id="staff-only-title"
          variant="h6"
          component="h2"
          data-testid="staff-only-notice"
          sx={{ textAlign: 'center' }}
        >
          {STAFF_ONLY_MESSAGE}
        </Typography>
      )}
      {symbol && (
        <Box
          component="svg"
          viewBox={`0 0 ${side} ${side}`}
          role="img"
          aria-label="Voucher QR code"
          data-testid="voucher-qr"
          shapeRendering="crispEdges"
          sx={{
            display: 'block',
            width: staffOnly ? 'min(100%, 300px)' : 148,
            height: 'auto',
            aspectRatio: '1',
            bgcolor: 'common.white',
            color: 'common.black',
          }}
        >
          <path d={qrPath(symbol, QUIET_ZONE)} fill="currentColor" />
        </Box>
      )}
      <Typography
        data-testid="voucher-short-code"
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontWeight: 700,
          fontSize: staffOnly ? '1.6rem' : '1.15rem',
          letterSpacing: '0.18em',
          lineHeight: 1.2,
        }}
      >
        {shortCode}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', mt: -0.5 }}>
        {staffOnly
          ? 'Staff scan the code or type these 8 characters at the till.'
          : 'At the till, staff can scan the code or type these 8 characters.'}
      </Typography>
    </Box>
  );
}
