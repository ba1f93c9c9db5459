import { RPC, notValidAtMessage, SELF_SERVICE_REDEEMER, type Actor } from '@avpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedemptionsRepository } from '../src/redeem/redemptions.repository';
import { companyActor, refusal, startVoucherServices, type VoucherServices } from './support/services';

// The till in the service (issue 25), on the service's clock and over two instances: the scan time's
// bounds, today's list, the undo window in the answers, the same Idempotency-Key racing on both
// instances, and the statement's own "may this partner honour it" rule.
let s: VoucherServices;
let shop: { id: string };
let staff: Actor;
beforeAll(async () => {
  s = await startVoucherServices({ instances: 2, partners: true, env: { BUSINESS_TIMEZONE: 'UTC' } });
  shop = await s.call(RPC.partners.create, { name: 'Clock Shop' });
  staff = { ...companyActor(shop.id), name: 'Robin Till' };
});
afterAll(async () => s?.close());

const T = new Date('2026-12-10T15:00:00.000Z');
const minutes = (n: number) => new Date(T.getTime() + n * 60_000);

const code = (extra: Record<string, unknown> = {}) =>
  s.call(RPC.vouchers.generate, {
    partnerId: shop.id,
    discountType: 'percentage',
    discountValue: '10',
    service: 'Tune-up',
    expirationDate: '2099-12-31',
    usageLimit: '50',
    ...extra,
  });
const redeem = (payload: Record<string, unknown>, actor: Actor = staff) =>
  s.call(RPC.vouchers.tillRedeem, payload as never, { actor });

describe('the till on the service clock', () => {
  it('a scan time up to 7 days old and at most 5 minutes ahead; outside: 400 and nothing counted', async () => {
    s.clock.set(T);
    try {
      const c = await code();
      const oldest = minutes(-7 * 24 * 60 + 1).toISOString();
      const ok = await redeem({ code: c.id, scannedAt: oldest });
      expect(ok.redemption).toMatchObject({
        scannedAt: oldest,
        redeemedAt: T.toISOString(),
        redeemedBy: 'Robin Till',
      });
      expect((await redeem({ code: c.id, scannedAt: minutes(4).toISOString() })).redemption.channel).toBe(
        'till',
      );
      for (const [at, message] of [
        [minutes(-7 * 24 * 60 - 1), 'Scan time must be within the last 7 days'],
        [minutes(6), 'Scan time must not be in the future'],
      ] as const) {
        const error = await refusal(redeem({ code: c.id, scannedAt: at.toISOString() }));
        expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message });
      }
      const counted = await s.sql.query('select usage_count from vouchers.qr_codes where id = $1', [c.id]);
      expect(counted.rows[0].usage_count).toBe(2);
    } finally {
      s.clock.set(null);
    }
  });

  it("today's list starts at the business day's midnight; the undo window closes REDEMPTION_UNDO_MINUTES after", async () => {
    const c = await code();
    s.clock.set(new Date('2026-12-11T23:59:00.000Z'));
    const yesterday = await redeem({ code: c.id });
    s.clock.set(new Date('2026-12-12T00:01:00.000Z'));
    const today = await redeem({ code: c.id });
    try {
      const list = await s.call(RPC.vouchers.tillRecent, {}, { actor: staff });
      const ids = list.items.map((x) => x.id);
      expect(ids).toContain(today.redemption.id);
      expect(ids).not.toContain(yesterday.redemption.id);
      expect(list.items.find((x) => x.id === today.redemption.id)).toMatchObject({
        cancellable: true,
        undoUntil: '2026-12-12T00:31:00.000Z',
        partnerName: 'Clock Shop',
      });
      s.clock.set(new Date('2026-12-12T00:32:00.000Z'));
      const later = await s.call(RPC.vouchers.tillRecent, {}, { actor: staff });
      expect(later.items.find((x) => x.id === today.redemption.id)).toMatchObject({ cancellable: false });
    } finally {
      s.clock.set(null);
    }
  });
});

describe('once, and only where it may be honoured', () => {
  it('the same Idempotency-Key, 20 at once over two instances: one redemption, every answer the same', async () => {
    const c = await code();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        redeem({ code: c.id, idempotencyKey: 'till-race-1', transactionAmount: 4000 }),
      ),
    );
    expect(new Set(answers.map((a) => a.redemption.id)).size).toBe(1);
    expect(answers[0]!.redemption).toMatchObject({ transactionAmount: 4000, discountApplied: 400 });
    const rows = await s.sql.query(
      'select count(*)::int as n from vouchers.redemptions where qr_code_id = $1',
      [c.id],
    );
    expect(rows.rows[0].n).toBe(1);
  });

  it('the redeem statement itself refuses a partner that may not honour the code (an assignment ended meanwhile)', async () => {
    const c = await code();
    const stranger = await s.call(RPC.partners.create, { name: 'Stranger Shop' });
    const repo = s.vouchers[0]!.get(RedemptionsRepository);
    const base = {
      codeId: c.id,
      validFrom: '2000-01-01',
      startedBy: '2099-01-01',
      at: new Date().toISOString(),
      day: new Date().toISOString().slice(0, 10),
      deviceInfo: null,
      ipAddress: null,
      userAgent: null,
      minuteOfDay: 600,
      transactionAmount: null,
      discountApplied: null,
      channel: 'till' as const,
      partnerName: null,
      redeemedBy: 'Someone',
      redeemedByUserId: null,
      scannedAt: null,
    };
    const refused = await repo.redeem({
      ...base,
      redemptionId: crypto.randomUUID(),
      partnerId: stranger.id,
      honouredBy: stranger.id,
    });
    expect(refused).toBeNull();
    const counted = await repo.redeem({
      ...base,
      redemptionId: crypto.randomUUID(),
      partnerId: shop.id,
      honouredBy: shop.id,
    });
    expect(counted).toMatchObject({ id: c.id, usageCount: 1 });
    // Through the till: 403 with the partner's name, and the check says the same without counting.
    const strangerStaff = companyActor(stranger.id);
    const error = await refusal(redeem({ code: c.id }, strangerStaff));
    expect(error).toMatchObject({ code: 'FORBIDDEN', message: notValidAtMessage('Stranger Shop') });
    const checked = await s.call(RPC.vouchers.tillCheck, { code: c.id }, { actor: strangerStaff });
    expect(checked).toMatchObject({ redeemable: false, refusal: 'not_valid_here', usesLeft: 49 });
  });

  it("a member's own redeem of a staff-only code is refused in the statement, whatever the service checked before", async () => {
    const c = await code({ redemptionMode: 'staff' });
    const repo = s.vouchers[0]!.get(RedemptionsRepository);
    const self = await repo.redeem({
      codeId: c.id,
      validFrom: '2000-01-01',
      startedBy: '2099-01-01',
      redemptionId: crypto.randomUUID(),
      at: new Date().toISOString(),
      day: new Date().toISOString().slice(0, 10),
      deviceInfo: null,
      ipAddress: null,
      userAgent: null,
      minuteOfDay: 600,
      transactionAmount: null,
      discountApplied: null,
      channel: 'self',
      partnerId: null,
      partnerName: null,
      honouredBy: null,
      redeemedBy: SELF_SERVICE_REDEEMER,
      redeemedByUserId: null,
      scannedAt: null,
    });
    expect(self).toBeNull();
    const error = await refusal(
      s.call(RPC.vouchers.redeem, { id: c.id }, { actor: null, ip: '198.51.100.9' }),
    );
    expect(error).toMatchObject({ code: 'FORBIDDEN', message: 'Show this code at the till' });
  });
});
