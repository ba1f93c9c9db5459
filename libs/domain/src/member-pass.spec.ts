import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import {
  encodePass,
  fromBase64Url,
  judgePass,
  parsePass,
  passSigningBytes,
  passStepAt,
  passStepStart,
  toBase64Url,
  type PassClaims,
  type PassPublicKey,
  type PassVerifier,
} from './member-pass';

ed.hashes.sha512 = sha512 as typeof ed.hashes.sha512; // @noble/hashes 1.x types its output over ArrayBufferLike
const privateKey = ed.utils.randomSecretKey();
const raw = toBase64Url(ed.getPublicKey(privateKey));
const key: PassPublicKey = {
  keyId: 7,
  publicKey: raw,
  notBefore: '2026-01-01T00:00:00Z',
  verifyUntil: '2027-01-01T00:00:00Z',
};
const nobleVerify: PassVerifier = async (pub, message, signature) =>
  ed.verify(signature, message, fromBase64Url(pub));

const now = Date.parse('2026-12-01T12:00:10Z');
const memberId = '0f9e8d7c-6b5a-4321-8fed-cba987654321';
const claims = (over: Partial<PassClaims> = {}): PassClaims => ({
  kind: 'rotating',
  keyId: 7,
  memberId,
  passVersion: 1,
  step: passStepAt(now),
  ...over,
});
const code = (c: PassClaims, signer = privateKey) => encodePass(c, ed.sign(passSigningBytes(c), signer));
const judge = (text: string, over: Partial<Parameters<typeof judgePass>[1]> = {}) =>
  judgePass(text, { nowMs: now, keys: [key], verify: nobleVerify, ...over });

describe('member pass codes', () => {
  it('round-trips its claims in 154 upper-case alphanumeric characters', () => {
    const text = code(claims());
    expect(text).toMatch(/^AVPM:[A-Z2-7]{149}$/);
    expect(text).toHaveLength(154);
    const parsed = parsePass(text.toLowerCase());
    expect(parsed).toMatchObject(claims());
  });

  it('accepts the current step, one ahead and two behind (within 90 s), refuses older and further ahead', async () => {
    const step = passStepAt(now);
    for (const s of [step - 2, step - 1, step, step + 1])
      expect((await judge(code(claims({ step: s })))).ok).toBe(true);
    for (const s of [step - 3, step - 4, step + 2])
      expect(await judge(code(claims({ step: s })))).toMatchObject({ ok: false, refusal: 'stale' });
  });

  it('refuses a code 2 minutes old, and accepts a fresh one with the checker 30 s off either way', async () => {
    const old = code(claims({ step: passStepAt(now - 120_000) }));
    expect(await judge(old)).toMatchObject({ ok: false, refusal: 'stale' });
    const fresh = code(claims());
    expect((await judge(fresh, { nowMs: now + 30_000 })).ok).toBe(true);
    expect((await judge(fresh, { nowMs: now - 30_000 })).ok).toBe(true);
    expect(passStepStart(passStepAt(now))).toBeLessThanOrEqual(now);
  });

  it('refuses an unknown key, a forged signature, a retired key and an older pass version', async () => {
    const other = ed.utils.randomSecretKey();
    expect(await judge(code(claims({ keyId: 8 })))).toMatchObject({ refusal: 'not_genuine' });
    expect(await judge(code(claims(), other))).toMatchObject({ refusal: 'not_genuine' });
    expect(
      await judge(code(claims()), { keys: [{ ...key, verifyUntil: '2026-12-01T00:00:00Z' }] }),
    ).toMatchObject({
      refusal: 'not_genuine',
    });
    expect(await judge(code(claims()), { currentVersion: 2 })).toMatchObject({ refusal: 'revoked' });
    expect((await judge(code(claims({ passVersion: 2 })), { currentVersion: 2 })).ok).toBe(true);
  });

  it('refuses a tampered code and text that is not a pass', async () => {
    const text = code(claims());
    const tampered = text.slice(0, 20) + (text[20] === 'A' ? 'B' : 'A') + text.slice(21);
    expect(await judge(tampered)).toMatchObject({ ok: false });
    expect(await judge('https://example.test/voucher/1')).toMatchObject({ refusal: 'not_a_pass' });
    expect(await judge('AVPM:ABC')).toMatchObject({ refusal: 'not_a_pass' });
    expect(await judge('AVPM:' + '1'.repeat(149))).toMatchObject({ refusal: 'not_a_pass' });
  });

  it('accepts a static code at any time (the caller asks for the second factor)', async () => {
    const text = code(claims({ kind: 'static', step: 0 }));
    expect(await judge(text, { nowMs: now + 86_400_000 * 30 })).toMatchObject({ ok: true });
  });

  it('carries public keys as base64url', () => {
    expect(toBase64Url(fromBase64Url(raw))).toBe(raw);
  });
});
