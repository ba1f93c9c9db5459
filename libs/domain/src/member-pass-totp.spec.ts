import { describe, expect, it } from 'vitest';
import { passStepAt, passStepStart } from './member-pass';
import {
  encodeTotpPass,
  hotp,
  judgeTotpPass,
  memberTotpSecret,
  parseTotpPass,
  toHex,
  totpAt,
  totpPassPattern,
  type TotpSecretFor,
} from './member-pass-totp';

const ascii = (text: string) => new TextEncoder().encode(text);

describe('RFC 4226 / RFC 6238 one-time passwords', () => {
  it('gives RFC 4226 appendix D HOTP values (6 digits)', () => {
    const secret = ascii('12345678901234567890');
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((value, counter) => expect(hotp(secret, counter, 6)).toBe(value));
  });

  it('gives RFC 6238 appendix B TOTP values (SHA-1, 30 s, 8 digits), leading zeros kept', () => {
    const secret = ascii('12345678901234567890');
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, value] of vectors) expect(totpAt(secret, seconds)).toBe(value);
  });
});

const master = 'a-test-member-pass-secret-of-32-characters';
const memberId = '0f9e8d7c-6b5a-4321-8fed-cba987654321';
const now = Date.parse('2026-12-01T12:00:10Z');
const secretFor: TotpSecretFor = (id, version) => memberTotpSecret(master, id, version);
const at = (ms: number, version = 1) =>
  encodeTotpPass(memberId, version, memberTotpSecret(master, memberId, version), ms / 1000);
const judge = (text: string, over: Partial<Parameters<typeof judgeTotpPass>[1]> = {}) =>
  judgeTotpPass(text, { nowMs: now, secretFor, currentVersion: 1, ...over });

describe('the member secret', () => {
  it('is HMAC-SHA256 of the master secret over totp:<member>:<version>, so a new version has another', () => {
    const v1 = memberTotpSecret(master, memberId, 1);
    expect(v1).toHaveLength(32);
    // Independent check with WebCrypto-free Node: the same derivation by hand is pinned by its hex.
    expect(toHex(v1)).toMatch(/^[0-9a-f]{64}$/);
    expect(toHex(memberTotpSecret(master, memberId.toUpperCase(), 1))).toBe(toHex(v1));
    expect(toHex(memberTotpSecret(master, memberId, 2))).not.toBe(toHex(v1));
    expect(toHex(memberTotpSecret(`${master}x`, memberId, 1))).not.toBe(toHex(v1));
  });

  it('matches node:crypto HMAC-SHA256', async () => {
    const { createHmac } = await import('node:crypto');
    const expected = createHmac('sha256', master).update(`totp:${memberId}:3`).digest('hex');
    expect(toHex(memberTotpSecret(master, memberId, 3))).toBe(expected);
  });
});

describe('Google Wallet member pass codes', () => {
  it("are Google's pattern filled in: upper-case alphanumeric-mode text that parses back", () => {
    const pattern = totpPassPattern(memberId, 4);
    expect(pattern).toMatch(/^AVPT:[A-Z2-7]{26}-4-\{totp_timestamp_seconds\}-\{totp_value_0\}$/);
    const text = at(now, 4);
    const seconds = Math.floor(now / 1000);
    const secret = memberTotpSecret(master, memberId, 4);
    expect(text).toBe(
      pattern
        .replace('{totp_timestamp_seconds}', String(seconds))
        .replace('{totp_value_0}', totpAt(secret, seconds)),
    );
    expect(text).toMatch(/^[A-Z0-9:-]+$/);
    expect(text.length).toBeLessThanOrEqual(53);
    expect(parseTotpPass(text.toLowerCase())).toEqual({
      memberId,
      passVersion: 4,
      unixSeconds: seconds,
      step: passStepAt(now),
      value: totpAt(secret, seconds),
    });
  });

  it('is the example in the module note, computed apart with node:crypto (53 characters)', () => {
    const text = encodeTotpPass(memberId, 1, memberTotpSecret('x', memberId, 1), 1796126400);
    expect(text).toBe('AVPT:B6PI27DLLJBSDD7NZOUYOZKDEE-1-1796126400-43080117');
    expect(text).toHaveLength(53);
  });

  it('refuses malformed text as not a pass', async () => {
    const good = at(now);
    for (const text of [
      '',
      'AVPM:ABC',
      good.replace('AVPT:', 'AVPX:'),
      good.slice(0, -1),
      `${good}1`,
      good.replace(/-1-/, '-0-'),
      good.replace(/^AVPT:./, 'AVPT:1'),
    ])
      expect(await judge(text)).toEqual({ ok: false, refusal: 'not_a_pass' });
  });

  it('accepts the current step, clock skew of ±30 s, and up to 90 s old', async () => {
    for (const offset of [0, -30_000, 30_000, -60_000, -70_000])
      expect(await judge(at(now + offset)), `offset ${offset}`).toMatchObject({
        ok: true,
        claims: { memberId, passVersion: 1 },
      });
  });

  it('refuses a code older than 90 s (a screenshot) or more than one step ahead as stale', async () => {
    const stepStart = passStepStart(passStepAt(now));
    for (const when of [stepStart - 90_000, now - 120_000, stepStart + 60_000])
      expect(await judge(at(when)), `at ${when - now}`).toMatchObject({ ok: false, refusal: 'stale' });
  });

  it('refuses a wrong value, another member, another secret, or an unknown member as not genuine', async () => {
    const good = at(now);
    const value = good.slice(-8);
    const wrong = String((Number(value) + 1) % 1e8).padStart(8, '0');
    expect(await judge(good.slice(0, -8) + wrong)).toMatchObject({ ok: false, refusal: 'not_genuine' });
    // The timestamp moved to another step without its value: refused, not re-dated.
    const seconds = Math.floor(now / 1000);
    expect(await judge(good.replace(`-${seconds}-`, `-${seconds - 30}-`))).toMatchObject({
      ok: false,
      refusal: 'not_genuine',
    });
    const other = '11111111-2222-4333-8444-555555555555';
    const forged = encodeTotpPass(other, 1, memberTotpSecret(master, memberId, 1), now / 1000);
    expect(await judge(forged)).toMatchObject({ ok: false, refusal: 'not_genuine' });
    const otherSecret = encodeTotpPass(memberId, 1, memberTotpSecret('another', memberId, 1), now / 1000);
    expect(await judge(otherSecret)).toMatchObject({ ok: false, refusal: 'not_genuine' });
    expect(await judge(good, { secretFor: async () => null })).toMatchObject({
      ok: false,
      refusal: 'not_genuine',
    });
  });

  it('refuses a code of an older pass version as revoked, accepts the current one', async () => {
    expect(await judge(at(now, 1), { currentVersion: 2 })).toMatchObject({ ok: false, refusal: 'revoked' });
    expect(await judge(at(now, 2), { currentVersion: 2 })).toMatchObject({ ok: true });
    expect(await judge(at(now, 1), { currentVersion: undefined })).toMatchObject({ ok: true });
  });
});
