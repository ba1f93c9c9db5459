/** Modules of light margin around a QR symbol (the QR standard's quiet zone). */
export const QR_QUIET_ZONE = 4;

/**
 * A QR symbol's dark modules as one SVG path, each row's runs as rectangles, offset by the quiet zone:
 * the voucher page's first HTML (the gateway) and the member's pass (the browser) draw it so. `data` is
 * the encoder's module matrix, row by row (qrcode's `modules.data`).
 */
export function qrModulesPath(modules: { size: number; data: ArrayLike<number | boolean> }): {
  side: number;
  path: string;
} {
  const { size, data } = modules;
  let path = '';
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (!data[y * size + x]) continue;
      let run = 1;
      while (x + run < size && data[y * size + x + run]) run++;
      path += `M${x + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${run}v1h-${run}z`;
      x += run - 1;
    }
  return { side: size + 2 * QR_QUIET_ZONE, path };
}
