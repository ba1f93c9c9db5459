import { describe, expect, it } from 'vitest';
import { EVENTS, eventEffectsOf, newerVoucherState, type EventName, type VoucherSnapshot } from './events';

const ID = '6f1c1b52-8a4e-4c1e-9a43-0d8c7a1e2b3c';
const state = (version: number, usageCount: number): VoucherSnapshot => ({
  qrCodeId: ID,
  expirationDate: null,
  usageCount,
  usageLimit: 3,
  isActive: true,
  version,
});

describe('newerVoucherState', () => {
  it('keeps the state with the newest version, whatever order the events come in', () => {
    // redeem (v1, 1 use), redeem (v2, 2 uses), cancel (v3, back to 1 use)
    const events = [state(1, 1), state(2, 2), state(3, 1)];
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
      [2, 0, 1],
    ];
    for (const order of orders) {
      let kept: VoucherSnapshot | null = null;
      for (const i of order) kept = newerVoucherState(kept, events[i]!);
      expect(kept).toEqual(state(3, 1));
    }
  });

  it('takes the first state, ignores a repeat and an older one', () => {
    const current = state(5, 2);
    expect(newerVoucherState(null, current)).toBe(current);
    expect(newerVoucherState(current, state(5, 3))).toBe(current);
    expect(newerVoucherState(current, state(4, 3))).toBe(current);
    const next = state(6, 1);
    expect(newerVoucherState(current, next)).toBe(next);
  });

  it('refuses to compare two different codes', () => {
    expect(() => newerVoucherState(state(1, 1), { ...state(2, 1), qrCodeId: crypto.randomUUID() })).toThrow(
      /two codes/,
    );
  });

  it('every voucher event carries the version, and the cancel event is in the map', () => {
    for (const name of [
      'vouchers.voucher.created.v1',
      'vouchers.voucher.assigned.v1',
      'vouchers.voucher.redeemed.v1',
      'vouchers.redemption.cancelled.v1',
    ] as const) {
      expect(Object.keys(EVENTS[name].shape)).toContain('version');
    }
  });
});

describe('event effects declared in EVENTS', () => {
  it('marks exactly the events that change which partners a code has', () => {
    const changing = (Object.keys(EVENTS) as EventName[]).filter(
      (name) => eventEffectsOf(name).changesCodePartners,
    );
    expect(changing.sort()).toEqual([
      'vouchers.assignment.bulk-assigned.v1',
      'vouchers.voucher.assigned.v1',
      'vouchers.voucher.deleted.v1',
      'vouchers.voucher.unassigned.v1',
    ]);
  });

  it('declares nothing for a redeem, nor for a name that is no event', () => {
    expect(eventEffectsOf('vouchers.voucher.redeemed.v1')).toEqual({});
    expect(eventEffectsOf('toString')).toEqual({});
    expect(eventEffectsOf('vouchers.voucher.renamed.v9')).toEqual({});
  });

  it('keeps each schema what it was: the effects change no validation', () => {
    const payload = { qrCodeId: ID, partnerIds: [ID] };
    expect(EVENTS['vouchers.voucher.unassigned.v1'].parse(payload)).toEqual(payload);
    expect(EVENTS['vouchers.voucher.unassigned.v1'].safeParse({ qrCodeId: ID, partnerIds: [] }).success).toBe(
      false,
    );
  });
});

describe('optional fields added to a deployed event (decision 269)', () => {
  const redeemed = {
    ...state(2, 1),
    redemptionId: '0b0c4a4e-2f7e-4f0e-8a55-6a3b3f1c2d4e',
    redeemedAt: '2026-11-29T20:00:00.000Z',
  };

  it('a redeemed event written before issue 39 still parses; one after it carries the redemption’s money', () => {
    expect(EVENTS['vouchers.voucher.redeemed.v1'].parse(redeemed)).toEqual(redeemed);
    const money = {
      partnerId: ID,
      batchId: null,
      fundedBy: 'club',
      saleCents: 5000,
      discountCents: 1000,
      reimbursementCents: 1000,
      noSaleAmount: false,
    };
    expect(EVENTS['vouchers.voucher.redeemed.v1'].parse({ ...redeemed, ...money })).toEqual({
      ...redeemed,
      ...money,
    });
    expect(
      EVENTS['vouchers.voucher.redeemed.v1'].safeParse({ ...redeemed, ...money, fundedBy: 'shop' }).success,
    ).toBe(false);
  });

  it('a consumer that knows only the old fields drops the new ones (schemas are not strict)', () => {
    const before39 = EVENTS['vouchers.voucher.redeemed.v1'].pick({
      qrCodeId: true,
      usageCount: true,
      version: true,
      redemptionId: true,
    });
    expect(before39.parse({ ...redeemed, fundedBy: 'club', reimbursementCents: 5 })).toEqual({
      qrCodeId: ID,
      usageCount: 1,
      version: 2,
      redemptionId: redeemed.redemptionId,
    });
  });
});
