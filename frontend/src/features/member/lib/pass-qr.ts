import { QR_QUIET_ZONE, qrModulesPath } from '@avpass/domain';
// The encoder alone: the package's entry adds its canvas and SVG renderers (about 1.5 KB gzip).
import { create } from 'qrcode/lib/core/qrcode';

/** Modules of light margin around the symbol (the QR standard's quiet zone). */
export const PASS_QR_QUIET_ZONE = QR_QUIET_ZONE;

/** The characters QR's alphanumeric mode holds (ISO/IEC 18004 table 5). */
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

export interface PassQr {
  /** The side with the quiet zone, in modules (the SVG's viewBox). */
  side: number;
  version: number;
  /** The dark modules as one SVG path, each row's runs as rectangles. */
  path: string;
}

/**
 * A pass code's QR (issue 43): error correction M, one alphanumeric segment. The code is `AVPM:` and
 * upper-case base32 (libs/domain member-pass.ts), 154 characters: version 6, 41 × 41 modules, the
 * smallest symbol a till's camera reads off a phone at arm's length. Byte mode would need version 9.
 * This module (with the `qrcode` encoder) is loaded by the member's pass only, never by the voucher page.
 */
export function passQr(code: string): PassQr {
  const text = code.trim().toUpperCase();
  const segment = ALPHANUMERIC.test(text) ? ('alphanumeric' as const) : ('byte' as const);
  const symbol = create([{ data: text, mode: segment }], { errorCorrectionLevel: 'M' });
  return { ...qrModulesPath(symbol.modules), version: symbol.version };
}
