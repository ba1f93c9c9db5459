import { STAFF_ONLY_MESSAGE, TILL_CODE_HEADING, TILL_CODE_HELP } from '@avpass/contracts/till-text';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';

/** Modules of light margin around the symbol (the card is white beyond it too). */
const QUIET_ZONE = 4;

interface QrDrawing {
  url: string;
  side: number;
  path: string;
}

/**
 * The QR the gateway drew into the page's first HTML (gateway/src/http/voucher-qr-svg.ts), read when
 * this module loads, before the app replaces that HTML: the page shows it at once and never loads the
 * encoder for it. Null when the page came without one (opened from within the app).
 */
const serverQr: QrDrawing | null = (() => {
  if (typeof document === 'undefined') return null;
  const box = document.querySelector('[data-voucher-snapshot] [data-qr-for]');
  const url = box?.getAttribute('data-qr-for');
  const path = box?.querySelector('path')?.getAttribute('d');
  const side = Number(box?.querySelector('svg')?.getAttribute('viewBox')?.split(' ')[2]);
  return url && path && side > 0 ? { url, side, path } : null;
})();

const fromServer = (url: string) => (serverQr?.url === url ? serverQr : null);

/**
 * The voucher's QR as one SVG path, from the encoder's own chunk (plain functions, no React or MUI, so
 * loading it splits nothing else off the page): a self-service voucher's page loads it only when the
 * member asks for the QR, so that page weighs what it did before the till (issue 25).
 */
function useQrPath(url: string, wanted: boolean) {
  const [qr, setQr] = useState<QrDrawing | null>(() => fromServer(url));
  useEffect(() => {
    if (!wanted || fromServer(url)) return;
    let live = true;
    void import('../lib/qr-code').then(({ encodeQr, qrPath }) => {
      const symbol = encodeQr(url);
      if (live && symbol)
        setQr({ url, side: symbol.size + 2 * QUIET_ZONE, path: qrPath(symbol, QUIET_ZONE) });
    });
    return () => {
      live = false;
    };
  }, [url, wanted]);
  return qr?.url === url ? qr : fromServer(url);
}

/**
 * What staff at the till need from the member's screen (issue 25): the 8 characters to type, and the
 * voucher's QR to scan. A staff-only code shows the QR large at once, under "Show this code at the
 * till", in place of Redeem; any other shows the code and its QR when the gateway drew it into the
 * page, else a button that opens it.
 */
export function VoucherTillCode({
  url,
  shortCode,
  staffOnly = false,
}: {
  url: string;
  shortCode: string;
  staffOnly?: boolean;
}) {
  // Shown at once when the gateway sent it (the first HTML showed it too: nothing moves).
  const [qrShown, setQrShown] = useState(() => staffOnly || fromServer(url) !== null);
  const qr = useQrPath(url, qrShown);
  const side = staffOnly ? 'min(100%, 300px)' : 200;
  return (
    <Box
      component="section"
      aria-labelledby={staffOnly ? 'staff-only-title' : 'till-code-title'}
      data-testid={staffOnly ? 'staff-only-qr' : 'voucher-till-code'}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        textAlign: 'center',
        ...(staffOnly && { p: 2, borderRadius: 3, border: `2px solid ${theme.palette.secondary.main}` }),
      })}
    >
      {staffOnly ? (
        <Typography id="staff-only-title" variant="h6" component="h2" data-testid="staff-only-notice">
          {STAFF_ONLY_MESSAGE}
        </Typography>
      ) : (
        <Typography
          id="till-code-title"
          variant="overline"
          component="h2"
          sx={{ color: 'text.secondary', fontSize: '0.7rem' }}
        >
          {TILL_CODE_HEADING}
        </Typography>
      )}
      {qrShown && (
        <Box sx={{ width: side, aspectRatio: '1', bgcolor: 'common.white', color: 'common.black' }}>
          {qr && (
            <svg
              viewBox={`0 0 ${qr.side} ${qr.side}`}
              role="img"
              aria-label="Voucher QR code"
              data-testid="voucher-qr"
              shapeRendering="crispEdges"
              style={{ display: 'block', width: '100%', height: '100%' }}
            >
              <path d={qr.path} fill="currentColor" />
            </svg>
          )}
        </Box>
      )}
      <Typography
        data-testid="voucher-short-code"
        sx={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontWeight: 700,
          fontSize: staffOnly ? '1.6rem' : '1.15rem',
          letterSpacing: '0.18em',
        }}
      >
        {shortCode}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ mt: -0.5 }}>
        {TILL_CODE_HELP}
      </Typography>
      {!qrShown && (
        <Button size="small" onClick={() => setQrShown(true)} data-testid="show-qr">
          Show QR code
        </Button>
      )}
    </Box>
  );
}
