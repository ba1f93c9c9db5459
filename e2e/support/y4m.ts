import { writeFileSync } from 'node:fs';
import { create } from 'qrcode';

/**
 * A fake camera for Chromium (`--use-file-for-fake-video-capture=<file>.y4m`): a QR code of `text`
 * on white, in the middle of every frame. Y4M is a plain format: one header line, then each frame as
 * `FRAME\n` and its raw I420 planes (Y at full size, then U and V at half width and height).
 */
export interface Y4mOptions {
  width?: number;
  height?: number;
  /** Pixels per QR module. */
  scale?: number;
  frames?: number;
}

export function writeQrY4m(file: string, text: string, options: Y4mOptions = {}): void {
  const { width = 640, height = 480, scale = 8, frames = 10 } = options;
  const { size, data } = create(text, { errorCorrectionLevel: 'M' }).modules;
  const side = size * scale;
  if (side + 8 * scale > Math.min(width, height)) throw new Error(`a QR of ${size} modules does not fit`);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);

  // Luma: white everywhere (the quiet zone included), black modules.
  const y = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + row * scale + dy) * width + left + col * scale;
        y.fill(16, start, start + scale);
      }
    }
  }
  // Chroma: neutral grey (no colour).
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
