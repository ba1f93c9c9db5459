import { create } from 'qrcode';
import sharp from 'sharp';
import { inRenderSlot } from './render-slots';

/** The QR symbol as a square of modules (1 = dark), row by row. */
export interface QrMatrix {
  size: number;
  data: Uint8Array;
}

/** Quiet zone around the symbol, in modules (spec section 9: a 2-module margin). */
export const QR_MARGIN_MODULES = 2;
/** Spec section 9: PNG downloads are 600 px wide. */
export const QR_PNG_PX = 600;

export function qrMatrix(text: string): QrMatrix {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, data: modules.data };
}

/**
 * The symbol with its quiet zone as an 8-bit grey bitmap of px × px. Pixel rows that fall on the same
 * module row are identical, so each module row is drawn once and copied (a 600 px code in well under
 * a millisecond).
 */
export function qrBitmap(matrix: QrMatrix, px: number, margin = QR_MARGIN_MODULES): Buffer {
  const { size, data } = matrix;
  const total = size + 2 * margin;
  const bitmap = Buffer.alloc(px * px, 255);
  const moduleAt = new Int32Array(px);
  for (let i = 0; i < px; i++) moduleAt[i] = Math.floor((i * total) / px) - margin;
  const row = Buffer.alloc(px);
  let drawnRow = -1;
  for (let y = 0; y < px; y++) {
    const my = moduleAt[y]!;
    if (my < 0 || my >= size) continue;
    if (my !== drawnRow) {
      row.fill(255);
      const offset = my * size;
      for (let x = 0; x < px; x++) {
        const mx = moduleAt[x]!;
        if (mx >= 0 && mx < size && data[offset + mx]) row[x] = 0;
      }
      drawnRow = my;
    }
    row.copy(bitmap, y * px);
  }
  return bitmap;
}

/**
 * A single-channel PNG of the symbol. Grey (not RGBA) keeps sharp's encoder fast and lets pdfkit
 * embed the image without re-encoding an alpha channel.
 */
export function qrPng(matrix: QrMatrix, px: number, margin = QR_MARGIN_MODULES): Promise<Buffer> {
  const bitmap = qrBitmap(matrix, px, margin);
  return inRenderSlot(() =>
    sharp(bitmap, { raw: { width: px, height: px, channels: 1 } })
      .toColourspace('b-w')
      .png({ compressionLevel: 6 })
      .toBuffer(),
  );
}

/** The dark modules as one SVG path in module units (origin at the symbol's top-left corner). */
export function qrSvgPath(matrix: QrMatrix): string {
  const { size, data } = matrix;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  }
  return parts.join('');
}

/** A standalone SVG of the bare QR code, `px` wide, with its quiet zone. */
export function qrSvgDocument(matrix: QrMatrix, px = QR_PNG_PX, margin = QR_MARGIN_MODULES): string {
  const total = matrix.size + 2 * margin;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges">` +
    `<rect width="${total}" height="${total}" fill="#ffffff"/>` +
    `<path transform="translate(${margin} ${margin})" fill="#000000" d="${qrSvgPath(matrix)}"/>` +
    `</svg>\n`
  );
}
