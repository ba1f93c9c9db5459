import { create } from 'qrcode';
import { crc32, deflateSync } from 'node:zlib';

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
  // One byte-mode segment: the library's search for the shortest mix of modes (a shortest path over
  // every split of the text) cost twice the rest of the encode, and saves a version on 3 % of links.
  const { modules } = create([{ data: text, mode: 'byte' }], { errorCorrectionLevel: 'M' });
  return { size: modules.size, data: modules.data };
}

/** Which module each pixel column (or row) of a px-wide image falls on; < 0 or >= size: quiet zone. */
function moduleIndex(size: number, px: number, margin: number): Int32Array {
  const total = size + 2 * margin;
  const moduleAt = new Int32Array(px);
  for (let i = 0; i < px; i++) moduleAt[i] = Math.floor((i * total) / px) - margin;
  return moduleAt;
}

/**
 * The symbol with its quiet zone as a 1-bit image, px × px, as PNG scanlines: each row is a filter
 * byte and ceil(px / 8) bytes, most significant bit first, 1 = white. Pixel rows that fall on the same
 * module row are identical: the first is packed (filter 0, none), the others are filter 2 (up) with
 * nothing but zeros, which deflate folds for next to nothing.
 */
export function qrScanlines(matrix: QrMatrix, px: number, margin = QR_MARGIN_MODULES): Buffer {
  const { size, data } = matrix;
  const moduleAt = moduleIndex(size, px, margin);
  const stride = 1 + Math.ceil(px / 8);
  const lines = Buffer.alloc(stride * px);
  let packedRow = -2;
  for (let y = 0; y < px; y++) {
    const line = y * stride;
    const my = moduleAt[y]! >= 0 && moduleAt[y]! < size ? moduleAt[y]! : -1;
    if (my === packedRow) {
      lines[line] = 2; // filter type: up (the row above, unchanged)
      continue;
    }
    lines.fill(0xff, line + 1, line + stride);
    if (my >= 0) {
      const offset = my * size;
      for (let x = 0; x < px; x++) {
        const mx = moduleAt[x]!;
        if (mx >= 0 && mx < size && data[offset + mx]) lines[line + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
      }
    }
    packedRow = my;
  }
  return lines;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, body: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + body.length);
  chunk.writeUInt32BE(body.length, 0);
  chunk.write(type, 4, 'latin1');
  body.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + body.length)) >>> 0, 8 + body.length);
  return chunk;
}

/**
 * The symbol as a 1-bit greyscale PNG (colour type 0, bit depth 1: black and white is all a QR code
 * is). Encoded here with zlib rather than by an image library: a 600 px code takes about 0.1 ms on the
 * calling thread and about 1.4 KB, where an 8-bit encode through libvips took about 3 ms and 8 KB — the
 * bulk ZIP's main cost, and six times the download. One CPU per rendering process, by construction.
 */
export function qrPng(matrix: QrMatrix, px: number, margin = QR_MARGIN_MODULES): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(px, 0);
  header.writeUInt32BE(px, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // colour type: greyscale (compression, filter and interlace: 0)
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(qrScanlines(matrix, px, margin), { level: 3 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
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
