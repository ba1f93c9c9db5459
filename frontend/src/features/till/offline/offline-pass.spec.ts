import type { PassRevocationsPage } from '@avpass/contracts';
import {
  encodePass,
  passSigningBytes,
  passStepAt,
  toBase64Url,
  type PassClaims,
  type PassPublicKey,
} from '@avpass/domain';
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { describe, expect, it, vi } from 'vitest';
import { memoryCopyStore } from './copy-store';
import { refreshCopy, refreshPassLists } from './copy-sync';
import type { CopyCode, CopyStore } from './copy-types';
import { isPassText, judgePassOffline } from './offline-pass';
import { nobleVerifier, webCryptoVerifier } from './pass-verifier';
import type { PendingRedeem, RedeemResult } from './queue-types';

vi.hoisted(() => {
  const noStorage = { getItem: () => null, setItem: () => undefined, removeItem: () => undefined };
  Object.assign(globalThis, {
    window: {
      addEventListener: () => undefined,
      localStorage: noStorage,
      location: { origin: 'http://localhost' },
    },
  });
});

ed.hashes.sha512 = sha512 as typeof ed.hashes.sha512;

const PARTNER = '11111111-1111-4111-8111-111111111111';
const ANA = '0f9e8d7c-6b5a-4321-8fed-cba987654321';
const BEN = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const NOW = new Date('2026-12-10T15:00:10.000Z');
const STEP = passStepAt(NOW.getTime());

function keyPair(keyId: number, notBefore: string, verifyUntil: string) {
  const secret = ed.utils.randomSecretKey();
  const key: PassPublicKey = {
    keyId,
    publicKey: toBase64Url(ed.getPublicKey(secret)),
    notBefore,
    verifyUntil,
  };
  return { secret, key };
}
const current = keyPair(3, '2026-11-10T00:00:00Z', '2027-01-20T00:00:00Z');

function pass(over: Partial<PassClaims> = {}, secret = current.secret): string {
  const claims: PassClaims = {
    kind: 'rotating',
    keyId: 3,
    memberId: ANA,
    passVersion: 1,
    step: STEP,
    ...over,
  };
  return encodePass(claims, ed.sign(passSigningBytes(claims), secret));
}

const heldCode = (n: number, memberId: string, extra: Partial<CopyCode> = {}): CopyCode => {
  const id = `${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;
  return {
    id,
    prefix: id.slice(0, 8),
    title: `Code ${n}`,
    discountType: 'percentage',
    discountValue: 10,
    usesLeft: 3,
    startDate: null,
    expirationDate: '2099-12-31',
    active: true,
    memberId,
    holder: { firstName: memberId === ANA ? 'Ana' : 'Ben', lastInitial: memberId === ANA ? 'G' : 'R' },
    ...extra,
  };
};

/** A till's copy read at 14:50 with Ana's two codes and Ben's one, and the current key. */
async function tillCopy(options: { keys?: PassPublicKey[]; cap?: number | null; codes?: CopyCode[] } = {}) {
  const store = memoryCopyStore();
  const items = options.codes ?? [heldCode(1, ANA), heldCode(2, ANA, { usesLeft: 0 }), heldCode(3, BEN)];
  await refreshCopy({
    store,
    partnerId: PARTNER,
    now: () => new Date('2026-12-10T14:50:00Z'),
    fetchPage: async () => ({
      items,
      removed: [],
      nextCursor: null,
      since: '100',
      timeZone: 'UTC',
      ...(options.cap !== undefined ? { memberDailyCap: options.cap } : {}),
    }),
  });
  const revocations: PassRevocationsPage[] = [{ items: [], nextCursor: null, since: 'r1' }];
  const lists = (pages: PassRevocationsPage[] = revocations) =>
    refreshPassLists({
      store,
      fetchKeys: async () => ({
        keys: options.keys ?? [current.key],
        stepSeconds: 30,
        maxAgeSeconds: 90,
        serverTime: NOW.toISOString(),
      }),
      fetchRevocations: async () => pages.shift()!,
    });
  await lists();
  return { store, lists };
}

async function judge(
  store: CopyStore,
  text: string,
  extra: { now?: Date; pending?: PendingRedeem[]; results?: RedeemResult[] } = {},
) {
  const meta = (await store.meta())!;
  return judgePassOffline({
    text,
    now: extra.now ?? NOW,
    lookup: {
      keys: await store.passKeys(),
      revokedVersion: (memberId) => store.revokedVersion(memberId),
      codesOf: (memberId) => store.byMember(memberId, 50),
    },
    verify: await nobleVerifier(),
    pending: extra.pending ?? [],
    results: extra.results ?? [],
    timeZone: meta.timeZone,
    shopName: 'Riverside Bike Shop',
    syncedAt: meta.syncedAt,
    dailyCap: meta.memberDailyCap ?? null,
  });
}

const queued = (
  memberId: string,
  scannedAt: string,
  code = heldCode(memberId === ANA ? 1 : 3, memberId).id,
): PendingRedeem => ({
  idempotencyKey: `${memberId}-${scannedAt}-${code}`,
  code,
  scannedAt,
  savedAt: scannedAt,
  userId: 'staff-1',
  memberId,
  passStep: passStepAt(Date.parse(scannedAt)),
});

describe('a member pass judged offline at the till', () => {
  it("accepted: the holder and the member's codes from the copy, the redeemable first", async () => {
    const { store } = await tillCopy();
    const answer = await judge(store, pass());
    expect(answer).toMatchObject({ ok: true, claims: { memberId: ANA }, holder: { firstName: 'Ana' } });
    if (!answer.ok) throw new Error('refused');
    expect(answer.vouchers.map((v) => [v.code?.title, v.redeemable, v.refusal])).toEqual([
      ['Code 1', true, undefined],
      ['Code 2', false, 'used_up'],
    ]);
    expect(answer.dailyCap).toBeUndefined();
  });

  it('a screenshot (the code of 2 minutes ago) is refused as stale, as is one too far ahead', async () => {
    const { store } = await tillCopy();
    expect(await judge(store, pass({ step: STEP - 4 }))).toMatchObject({ ok: false, refusal: 'stale' });
    // The same code the till accepted, shown again 2 minutes later.
    const shown = pass();
    expect((await judge(store, shown)).ok).toBe(true);
    expect(await judge(store, shown, { now: new Date(NOW.getTime() + 120_000) })).toMatchObject({
      ok: false,
      refusal: 'stale',
    });
    expect(await judge(store, pass({ step: STEP + 2 }))).toMatchObject({ ok: false, refusal: 'stale' });
  });

  it('clock skew of ±30 s either way is accepted', async () => {
    const { store } = await tillCopy();
    // The phone's clock 30 s ahead (its next step), 30 s behind (its last step).
    expect((await judge(store, pass({ step: STEP + 1 }))).ok).toBe(true);
    expect((await judge(store, pass({ step: STEP - 1 }))).ok).toBe(true);
    // The till's own clock 30 s off, the phone right.
    expect((await judge(store, pass(), { now: new Date(NOW.getTime() + 30_000) })).ok).toBe(true);
    expect((await judge(store, pass(), { now: new Date(NOW.getTime() - 30_000) })).ok).toBe(true);
  });

  it('a code signed by a key the till does not keep is refused as not genuine, as is a tampered one', async () => {
    const { store } = await tillCopy();
    const stranger = keyPair(3, '2026-11-10T00:00:00Z', '2027-01-20T00:00:00Z');
    expect(await judge(store, pass({}, stranger.secret))).toMatchObject({
      ok: false,
      refusal: 'not_genuine',
    });
    expect(await judge(store, pass({ keyId: 9 }, stranger.secret))).toMatchObject({
      ok: false,
      refusal: 'not_genuine',
    });
    const genuine = pass();
    const tampered = genuine.slice(0, 40) + (genuine[40] === 'A' ? 'B' : 'A') + genuine.slice(41);
    expect(await judge(store, tampered)).toMatchObject({ ok: false, refusal: 'not_genuine' });
  });

  it('a revoked pass is refused after the next list refresh (accepted before it), a newer version accepted', async () => {
    const { store, lists } = await tillCopy();
    const old = pass({ passVersion: 1 });
    expect((await judge(store, old)).ok).toBe(true);
    // The member revoked it (version 2): the delta arrives with the next refresh, in two pages.
    await lists([
      { items: [{ memberId: BEN, passVersion: 4 }], nextCursor: 'c2', since: 'r2' },
      { items: [{ memberId: ANA, passVersion: 2 }], nextCursor: null, since: 'r2' },
    ]);
    expect((await store.meta())?.revocationsSince).toBe('r2');
    expect(await judge(store, old)).toMatchObject({ ok: false, refusal: 'revoked' });
    expect((await judge(store, pass({ passVersion: 2 }))).ok).toBe(true);
    // An older page of the list arriving again does not bring the old version back.
    await lists([{ items: [{ memberId: ANA, passVersion: 1 }], nextCursor: null, since: 'r3' }]);
    expect(await judge(store, old)).toMatchObject({ ok: false, refusal: 'revoked' });
  });

  it('key rotation: codes of the retiring key and of the next one are both accepted until the old one expires', async () => {
    const retiring = keyPair(3, '2026-10-10T00:00:00Z', '2026-12-12T00:00:00Z');
    const next = keyPair(4, '2026-12-10T00:00:00Z', '2027-02-10T00:00:00Z');
    const { store } = await tillCopy({ keys: [retiring.key, next.key] });
    expect((await judge(store, pass({ keyId: 3 }, retiring.secret))).ok).toBe(true);
    expect((await judge(store, pass({ keyId: 4 }, next.secret))).ok).toBe(true);
    // After the retiring key's grace, its codes are refused; the next key's are not.
    const later = new Date('2026-12-12T00:00:10Z');
    const step = passStepAt(later.getTime());
    expect(await judge(store, pass({ keyId: 3, step }, retiring.secret), { now: later })).toMatchObject({
      ok: false,
      refusal: 'not_genuine',
    });
    expect((await judge(store, pass({ keyId: 4, step }, next.secret), { now: later })).ok).toBe(true);
    // A code claiming the next key but signed by the retiring one is not genuine.
    expect(await judge(store, pass({ keyId: 4 }, retiring.secret))).toMatchObject({
      ok: false,
      refusal: 'not_genuine',
    });
  });

  it("the daily cap per till: the copy's figure, this till's queue of today and its sent ones since the copy", async () => {
    const { store } = await tillCopy({
      cap: 3,
      codes: [
        heldCode(1, ANA, { memberDay: { day: '2026-12-10', used: 1 } }),
        heldCode(2, ANA),
        heldCode(3, BEN),
      ],
    });
    const yesterday = queued(ANA, '2026-12-09T18:00:00Z');
    const bens = queued(BEN, '2026-12-10T14:55:00Z');
    const first = await judge(store, pass(), { pending: [yesterday, bens] });
    expect(first).toMatchObject({ ok: true, dailyCap: { used: 1, limit: 3 } });

    const today = queued(ANA, '2026-12-10T14:58:00Z');
    const sent: RedeemResult = {
      ...queued(ANA, '2026-12-10T14:52:00Z', heldCode(2, ANA).id),
      outcome: 'accepted',
      settledAt: '2026-12-10T14:53:00Z',
    };
    const sentBeforeCopy: RedeemResult = {
      ...sent,
      idempotencyKey: 'older',
      settledAt: '2026-12-10T14:40:00Z',
    };
    const capped = await judge(store, pass(), {
      pending: [today, yesterday, bens],
      results: [sent, sentBeforeCopy],
    });
    expect(capped).toMatchObject({ ok: true, dailyCap: { used: 3, limit: 3 } });
    if (!capped.ok) throw new Error('refused');
    expect(capped.vouchers.every((v) => !v.redeemable)).toBe(true);
    expect(capped.vouchers.map((v) => v.refusal)).toEqual(['member_daily_cap', 'member_daily_cap']);
    expect(capped.vouchers[0]).toMatchObject({ dailyCapLimit: 3 });

    // Another member is not capped by Ana's uses; a new day starts from this till's own again.
    expect(await judge(store, pass({ memberId: BEN }), { pending: [today, bens] })).toMatchObject({
      ok: true,
      dailyCap: { used: 1, limit: 3 },
    });
    const tomorrow = new Date('2026-12-11T09:00:10Z');
    expect(
      await judge(store, pass({ step: passStepAt(tomorrow.getTime()) }), {
        now: tomorrow,
        pending: [today],
        results: [sent],
      }),
    ).toMatchObject({ ok: true, dailyCap: { used: 0, limit: 3 } });
  });

  it('without a cap in the copy, nothing is counted', async () => {
    const { store } = await tillCopy({ cap: null });
    const answer = await judge(store, pass(), { pending: [queued(ANA, '2026-12-10T14:58:00Z')] });
    expect(answer.ok && answer.dailyCap).toBe(undefined);
  });

  it('wallet codes the till cannot check offline, no keys kept yet, and text that is not a pass', async () => {
    const { store } = await tillCopy();
    expect(await judge(store, 'AVPT:ABCDEF123456')).toMatchObject({ ok: false, refusal: 'needs_connection' });
    expect(await judge(store, pass({ kind: 'static', step: 0 }))).toMatchObject({
      ok: false,
      refusal: 'needs_connection',
    });
    const bare = await tillCopy({ keys: [] });
    expect(await judge(bare.store, pass())).toMatchObject({ ok: false, refusal: 'no_keys' });
    expect(await judge(store, 'AVPM:NOTACODE')).toMatchObject({ ok: false, refusal: 'not_a_pass' });
    expect(isPassText(' avpm:xyz')).toBe(true);
    expect(isPassText('avpt:123')).toBe(true);
    expect(isPassText('3f2a9c1e')).toBe(false);
  });
});

describe("the till's verifiers", () => {
  it('WebCrypto and noble agree: genuine, a wrong signature, a key that is not a point', async () => {
    const web = await webCryptoVerifier(globalThis.crypto?.subtle);
    const noble = await nobleVerifier();
    const message = passSigningBytes({
      kind: 'rotating',
      keyId: 3,
      memberId: ANA,
      passVersion: 1,
      step: STEP,
    });
    const signature = ed.sign(message, current.secret);
    const forged = signature.slice();
    forged[5] ^= 1;
    const notAPoint = toBase64Url(new Uint8Array(32).fill(0xff));
    for (const verify of [noble, ...(web ? [web] : [])]) {
      expect(await verify(current.key.publicKey, message, signature)).toBe(true);
      expect(await verify(current.key.publicKey, message, forged)).toBe(false);
      expect(await verify(notAPoint, message, signature)).toBe(false);
    }
  });

  it('a page without crypto.subtle (plain HTTP) has no WebCrypto verifier; one without Ed25519 neither', async () => {
    expect(await webCryptoVerifier(undefined)).toBeNull();
    const noEd25519 = {
      importKey: () => Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError')),
    } as unknown as SubtleCrypto;
    expect(await webCryptoVerifier(noEd25519)).toBeNull();
  });
});
