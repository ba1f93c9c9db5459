import {
  memberLimitMessage,
  NOT_OUR_VOUCHER_MESSAGE,
  REDEEM_REFUSALS,
  type TillCopyCode,
} from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { decideOffline, offlineKeyOf, queuedUsesOf, type OfflineKey } from './offline-check';

const ID = '3f2a9c1e-5b7d-4e21-9a3c-0d4e5f6a7b8c';
const OTHER_ID = '8a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const code = (extra: Partial<TillCopyCode> = {}): TillCopyCode => ({
  id: ID,
  prefix: ID.slice(0, 8),
  title: 'Riverside Bike Shop · Tune-up',
  discountType: 'percentage',
  discountValue: 10,
  usesLeft: 3,
  startDate: null,
  expirationDate: '2099-12-31',
  active: true,
  ...extra,
});
const NOW = new Date('2026-12-10T15:00:00.000Z');
const SHOP = 'Riverside Bike Shop';

/** As the till asks: the key of the text, the code the copy holds for it (if any), its queue. */
function decide(
  text: string,
  held: TillCopyCode | undefined,
  pending: { code: string }[] = [],
  extra: { now?: Date; timeZone?: string } = {},
) {
  const key: OfflineKey = offlineKeyOf(text, 'till.avpass.example');
  return decideOffline({
    key,
    code: held,
    pending,
    now: extra.now ?? NOW,
    timeZone: extra.timeZone ?? 'UTC',
    shopName: SHOP,
  });
}

describe('the till offline, from its copy', () => {
  it("another shop's code is refused, scanned or typed, with the same reason", () => {
    const link = `https://till.avpass.example/voucher/${OTHER_ID}`;
    for (const text of [link, OTHER_ID, OTHER_ID.slice(0, 8).toUpperCase(), '8A1B 2C3D']) {
      expect(decide(text, undefined)).toMatchObject({
        redeemable: false,
        refusal: 'not_found',
        reason: 'This voucher is not valid at Riverside Bike Shop, or it was not found',
      });
    }
  });

  it('a code of the copy is valid, scanned, by its id or by its 8 characters', () => {
    for (const text of [`https://till.avpass.example/voucher/${ID}`, ID.toUpperCase(), '3F2A-9C1E']) {
      expect(decide(text, code())).toMatchObject({ redeemable: true, usesLeft: 3, queued: 0 });
    }
  });

  it("counts this till's queued uses against the uses left: the third of three is the last", () => {
    const queued = [{ code: ID }, { code: '3F2A9C1E' }, { code: OTHER_ID }];
    expect(queuedUsesOf(code(), queued)).toBe(2);
    expect(decide(ID, code(), queued)).toMatchObject({ redeemable: true, usesLeft: 1, queued: 2 });
    expect(
      decide(ID, code(), [...queued, { code: `https://till.avpass.example/voucher/${ID}` }]),
    ).toMatchObject({
      redeemable: false,
      refusal: 'used_up',
      reason: REDEEM_REFUSALS.used_up,
      usesLeft: 0,
    });
    // Unlimited stays unlimited, however many wait.
    expect(decide(ID, code({ usesLeft: null }), queued)).toMatchObject({ redeemable: true, usesLeft: null });
  });

  it('refuses what the server refuses, in its words: used up, deactivated, expired, not yet valid', () => {
    expect(decide(ID, code({ usesLeft: 0 }))).toMatchObject({
      refusal: 'used_up',
      reason: REDEEM_REFUSALS.used_up,
    });
    expect(decide(ID, code({ active: false }))).toMatchObject({
      refusal: 'inactive',
      reason: REDEEM_REFUSALS.inactive,
    });
    expect(decide(ID, code({ expirationDate: '2026-12-09' }))).toMatchObject({
      refusal: 'expired',
      reason: REDEEM_REFUSALS.expired,
    });
    expect(decide(ID, code({ startDate: '2026-12-12' }))).toMatchObject({
      refusal: 'upcoming',
      reason: 'This voucher is valid from Dec 12, 2026.',
    });
    // Deactivated beats used up, as on the server.
    expect(decide(ID, code({ active: false, usesLeft: 0 })).refusal).toBe('inactive');
  });

  it("tells the day in the server's business time zone, not the phone's", () => {
    // 22:00 on Dec 10 in New York: the last day is still on.
    const late = new Date('2026-12-11T03:00:00.000Z');
    const lastDay = code({ expirationDate: '2026-12-10' });
    expect(decide(ID, lastDay, [], { now: late, timeZone: 'America/New_York' }).redeemable).toBe(true);
    expect(decide(ID, lastDay, [], { now: late, timeZone: 'UTC' }).refusal).toBe('expired');
  });

  it('anything else is not an AV Pass voucher, and so is a link elsewhere to a code the copy lacks', () => {
    for (const text of ['hello', 'https://till.avpass.example/other/123', 'ftp://x/voucher/' + ID, '12345'])
      expect(decide(text, undefined)).toMatchObject({ refusal: 'not_ours', reason: NOT_OUR_VOUCHER_MESSAGE });
    expect(decide(`https://elsewhere.example/voucher/${OTHER_ID}`, undefined).refusal).toBe('not_ours');
    // A link made before a change of domain, to a code the copy holds, is one of ours.
    expect(decide(`https://old.example/voucher/${ID}`, code()).redeemable).toBe(true);
  });
});

describe('a held code offline, limited per member (decision 338)', () => {
  // 2 per member per month; the copy read in December with one use so far.
  const held = (used: number, periodStart = '2026-12-01', extra: Partial<TillCopyCode> = {}) =>
    code({
      usesLeft: 10,
      holder: { firstName: 'Ana', lastInitial: 'G' },
      memberUses: { used, limit: 2, period: 'month', periodStart },
      ...extra,
    });

  it('under the limit it is valid, and says whose it is and how far they are', () => {
    expect(decide(ID, held(1))).toMatchObject({
      redeemable: true,
      holder: { firstName: 'Ana', lastInitial: 'G' },
      memberUses: { used: 1, limit: 2, period: 'month' },
    });
  });

  it("at the limit it is refused in the online till's words", () => {
    const verdict = decide(ID, held(2));
    expect(verdict).toMatchObject({
      redeemable: false,
      refusal: 'member_limit',
      reason: memberLimitMessage(2, 'month'),
      memberUses: { used: 2, limit: 2 },
    });
    expect(verdict.reason).toBe('Already used 2 of 2 times this month — the limit per member.');
    expect(
      decide(
        ID,
        held(1, '1970-01-01', {
          memberUses: { used: 1, limit: 1, period: 'ever', periodStart: '1970-01-01' },
        }),
      ).reason,
    ).toBe('Already used once — one per member.');
  });

  it("this till's queued use counts toward the limit until it is sent", () => {
    expect(decide(ID, held(1), [{ code: ID }])).toMatchObject({
      redeemable: false,
      refusal: 'member_limit',
      memberUses: { used: 2, limit: 2 },
      usesLeft: 9,
    });
    // Another code's queued use does not.
    expect(decide(ID, held(1), [{ code: OTHER_ID }]).redeemable).toBe(true);
  });

  it("a later period starts again from 0 (the business time zone's month), the queue still counts", () => {
    const january = new Date('2027-01-01T12:00:00.000Z');
    expect(decide(ID, held(2), [], { now: january })).toMatchObject({
      redeemable: true,
      memberUses: { used: 0, limit: 2 },
    });
    expect(decide(ID, held(2), [{ code: ID }, { code: ID }], { now: january }).refusal).toBe('member_limit');
    // 23:00 on Dec 31 in New York is January in UTC: still December's period there.
    const late = new Date('2027-01-01T04:00:00.000Z');
    expect(decide(ID, held(2), [], { now: late, timeZone: 'America/New_York' }).refusal).toBe('member_limit');
  });

  it("the voucher's own refusals come first, as online; a bearer code has no limit", () => {
    expect(decide(ID, held(2, '2026-12-01', { active: false })).refusal).toBe('inactive');
    expect(decide(ID, held(2, '2026-12-01', { usesLeft: 0 })).refusal).toBe('used_up');
    const bearer = decide(ID, code());
    expect(bearer.memberUses).toBeUndefined();
    expect(bearer.holder).toBeUndefined();
  });
});
