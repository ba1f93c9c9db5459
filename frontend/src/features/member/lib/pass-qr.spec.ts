import { encodePass, passStepAt } from '@avpass/domain';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { PASS_QR_QUIET_ZONE, passQr } from './pass-qr';

/** A pass code as the members service writes it (the signature's bytes do not matter to the QR). */
function passCode(signatureByte: number): string {
  const claims = {
    kind: 'rotating' as const,
    keyId: 4_000_000_000,
    memberId: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
    passVersion: 123_456,
    step: passStepAt(Date.UTC(2030, 0, 1)),
  };
  return encodePass(claims, new Uint8Array(64).fill(signatureByte));
}

describe('the member pass’s QR code', () => {
  it('is version 6 at level M (41 × 41 modules) in one alphanumeric segment, with a quiet zone', () => {
    for (const byte of [0, 0x5a, 0xff]) {
      const code = passCode(byte);
      expect(code).toMatch(/^AVPM:[A-Z2-7]{149}$/);
      const qr = passQr(code);
      expect(qr.version).toBe(6);
      expect(qr.side).toBe(41 + 2 * PASS_QR_QUIET_ZONE);
      expect(PASS_QR_QUIET_ZONE).toBeGreaterThanOrEqual(4);
      // Nothing dark in the quiet zone: every rectangle starts inside the symbol.
      for (const [, x, y] of qr.path.matchAll(/M(\d+) (\d+)/g)) {
        expect(Number(x)).toBeGreaterThanOrEqual(PASS_QR_QUIET_ZONE);
        expect(Number(y)).toBeGreaterThanOrEqual(PASS_QR_QUIET_ZONE);
        expect(Number(y)).toBeLessThan(41 + PASS_QR_QUIET_ZONE);
      }
    }
  });

  it('draws the module for module symbol of the alphanumeric segment (byte mode would be version 9)', () => {
    const code = passCode(7);
    const alnum = create([{ data: code, mode: 'alphanumeric' }], { errorCorrectionLevel: 'M' });
    expect(alnum.segments.map((s) => s.mode.id)).toEqual(['Alphanumeric']);
    const { size, data } = alnum.modules;
    let dark = 0;
    for (let i = 0; i < size * size; i++) dark += data[i] ? 1 : 0;
    const drawn = [...passQr(code).path.matchAll(/h(\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(drawn).toBe(dark);
    expect(create([{ data: code, mode: 'byte' }], { errorCorrectionLevel: 'M' }).version).toBe(9);
  });

  it('reads a lower-case or padded code as the upper-case code (the same symbol)', () => {
    const code = passCode(9);
    expect(passQr(` ${code.toLowerCase()} `)).toEqual(passQr(code));
  });
});
