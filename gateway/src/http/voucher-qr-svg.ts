import { qrModulesPath } from '@avpass/domain';
import { create } from 'qrcode';

export { QR_QUIET_ZONE } from '@avpass/domain';

/** QR drawings kept: a link never changes for its voucher, so each is drawn once while it is kept. */
const KEPT = 2_000;
const drawn = new Map<string, { side: number; path: string }>();

/**
 * The voucher link's QR as one SVG path (byte mode, level M: what the cards and the voucher page's own
 * encoder draw), each row's runs of dark modules as rectangles, with the quiet zone's side.
 */
export function qrDrawing(url: string): { side: number; path: string } {
  const kept = drawn.get(url);
  if (kept) return kept;
  const { modules } = create([{ data: url, mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const made = qrModulesPath(modules);
  // Oldest first out: a Map keeps insertion order.
  if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value as string);
  drawn.set(url, made);
  return made;
}

/**
 * The inline SVG the voucher page shows (same attributes as voucher-till-code.tsx), which the page's
 * script reuses instead of loading its encoder.
 */
export function qrSvg(url: string): string {
  const { side, path } = qrDrawing(url);
  return (
    `<svg viewBox="0 0 ${side} ${side}" role="img" aria-label="Voucher QR code" data-testid="voucher-qr" ` +
    `shape-rendering="crispEdges" style="display:block;width:100%;height:100%"><path d="${path}" fill="currentColor"/></svg>`
  );
}
