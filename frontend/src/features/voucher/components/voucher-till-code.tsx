import { useEffect, useState } from 'react';
import { useT } from '@/i18n/i18n';

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
  const t = useT();
  return (
    <section
      className={staffOnly ? 'vs-till vs-staff' : 'vs-till'}
      aria-labelledby={staffOnly ? 'staff-only-title' : 'till-code-title'}
      data-testid={staffOnly ? 'staff-only-qr' : 'voucher-till-code'}
    >
      {staffOnly ? (
        <h2 id="staff-only-title" data-testid="staff-only-notice">
          {t('voucher.till.staffOnly')}
        </h2>
      ) : (
        <h2 id="till-code-title">{t('voucher.till.heading')}</h2>
      )}
      {qrShown && (
        <div className="vs-qr">
          {qr && (
            <svg
              viewBox={`0 0 ${qr.side} ${qr.side}`}
              role="img"
              aria-label={t('voucher.till.qrLabel')}
              data-testid="voucher-qr"
              shapeRendering="crispEdges"
              style={{ display: 'block', width: '100%', height: '100%' }}
            >
              <path d={qr.path} fill="currentColor" />
            </svg>
          )}
        </div>
      )}
      <p className="vs-code" data-testid="voucher-short-code">
        {shortCode}
      </p>
      <p className="vs-help">{t('voucher.till.help')}</p>
      {!qrShown && (
        <button
          type="button"
          className="vs-btn vs-btn-text vs-btn-small"
          onClick={() => setQrShown(true)}
          data-testid="show-qr"
        >
          {t('voucher.till.showQr')}
        </button>
      )}
    </section>
  );
}
