// The `qrcode` package (frontend/src/types/qrcode.d.ts): the encoder the printed cards use.
import * as qrcode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { encodeQr, penalty, qrPath } from './qr-code';

const { create } = qrcode as {
  create: (
    segments: { data: string; mode: 'byte' }[],
    options: { errorCorrectionLevel: 'M'; maskPattern: number },
  ) => { modules: { size: number; data: Uint8Array } };
};

/** The `qrcode` package's symbol (what the rendering service prints on cards) as rows of 0 and 1. */
function reference(text: string, mask: number): string[] {
  const { modules } = create([{ data: text, mode: 'byte' }], {
    errorCorrectionLevel: 'M',
    maskPattern: mask,
  });
  return rows(modules.size, Array.from(modules.data, Boolean));
}

function rows(size: number, dark: boolean[]): string[] {
  return Array.from({ length: size }, (_, y) =>
    dark
      .slice(y * size, (y + 1) * size)
      .map((d) => (d ? '1' : '0'))
      .join(''),
  );
}

const TEXTS = [
  'a',
  'https://avpass.example/voucher/7d3f4c2e-91b0-4a55-8c1e-2f6a0b9d4e81',
  'http://192.168.1.20:3000/voucher/00000000-0000-4000-8000-000000000000',
  // Crosses the 8-bit count (version 10), a version with version information (7+), and UTF-8.
  `https://avpass.example/voucher/${'x'.repeat(150)}`,
  `https://avpass.example/voucher/${'y'.repeat(300)}`,
  'Café · Ünïcode ✓',
  'z'.repeat(1200),
];

describe('the voucher page QR code', () => {
  it.each(TEXTS)('is module for module the symbol the printed cards carry, with every mask (%#)', (text) => {
    for (let mask = 0; mask < 8; mask++) {
      const symbol = encodeQr(text, mask)!;
      expect(rows(symbol.size, symbol.dark), `mask ${mask}`).toEqual(reference(text, mask));
    }
  });

  it('picks the mask of lowest penalty', () => {
    const text = TEXTS[1]!;
    const chosen = encodeQr(text)!;
    const scores = Array.from({ length: 8 }, (_, m) => penalty(encodeQr(text, m)!));
    expect(penalty(chosen)).toBe(Math.min(...scores));
  });

  it('says no for a text no version holds', () => {
    expect(encodeQr('q'.repeat(2400))).toBeNull();
  });

  it('draws each run of dark modules once, inside the quiet zone', () => {
    const symbol = { size: 3, dark: [true, true, false, false, false, false, false, false, true] };
    expect(qrPath(symbol, 2)).toBe('M2 2h2v1h-2zM4 4h1v1h-1z');
  });
});
