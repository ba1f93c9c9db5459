import {
  NOT_OUR_VOUCHER_MESSAGE,
  RPC,
  notValidAtMessage,
  SELF_SERVICE_REDEEMER,
  type Actor,
} from '@avpass/contracts';
import { IDEMPOTENCY_KEY_REUSED } from '@avpass/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedemptionsRepository } from '../src/redemptions/redemptions.repository';
import { StatsRepository } from '../src/redemptions/stats.repository';
import { foldTallies, rebuildTallies } from './support/fixtures';
import {
  companyActor,
  refusal,
  startVoucherServices,
  SUPER_ADMIN,
  type VoucherServices,
} from './support/services';

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
    const refused = await repo.recordRedemption({
      ...base,
      redemptionId: crypto.randomUUID(),
      partnerId: stranger.id,
      honouredBy: stranger.id,
    });
    expect(refused).toBeNull();
    const counted = await repo.recordRedemption({
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
    const self = await repo.recordRedemption({
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

// Issue 37: a club-wide code is honoured at every active partner's till and counted there; one reason
// per cause whether the code is scanned or typed; a till's Idempotency-Key is its caller's own.
describe('club-wide codes at every till (issue 37)', () => {
  let riverside: { id: string; name: string };
  let hilltop: { id: string; name: string };
  let riversideStaff: Actor;
  let hilltopStaff: Actor;
  beforeAll(async () => {
    riverside = await s.call(RPC.partners.create, { name: 'Riverside Bike Shop' });
    hilltop = await s.call(RPC.partners.create, { name: 'Hilltop Cafe' });
    riversideStaff = { ...companyActor(riverside.id), name: 'Rita' };
    hilltopStaff = { ...companyActor(hilltop.id), name: 'Hal' };
  });
  const clubWide = (extra: Record<string, unknown> = {}) =>
    s.call(RPC.vouchers.generate, {
      clinic: 'AV Pass',
      discountType: 'percentage',
      discountValue: '10',
      service: 'Club offer',
      expirationDate: '2099-12-31',
      usageLimit: '10',
      ...extra,
    });
  const check = (payload: Record<string, unknown>, actor: Actor) =>
    s.call(RPC.vouchers.tillCheck, payload as never, { actor });
  const short = (id: string) => id.slice(0, 8).toUpperCase();

  it('is honoured scanned, typed and synced from offline at two partners, each recorded and counted where it was made', async () => {
    const c = await clubWide();
    // Riverside: scanned (its link), then a scan kept offline and synced later (scannedAt, with its key).
    expect(await check({ code: c.qrUrl }, riversideStaff)).toMatchObject({ redeemable: true });
    const scanned = await redeem({ code: c.qrUrl }, riversideStaff);
    const scannedAt = new Date(Date.now() - 3_600_000).toISOString();
    const synced = await redeem({ code: c.id, scannedAt, idempotencyKey: 'offline-1' }, riversideStaff);
    // Hilltop: typed as its 8 characters.
    expect(await check({ code: short(c.id) }, hilltopStaff)).toMatchObject({ redeemable: true });
    const typed = await redeem({ code: short(c.id), transactionAmount: 2000 }, hilltopStaff);
    for (const [answer, partner] of [
      [scanned, riverside],
      [synced, riverside],
      [typed, hilltop],
    ] as const) {
      expect(answer.redemption).toMatchObject({ partnerId: partner.id, partnerName: partner.name });
    }
    expect(synced.redemption.scannedAt).toBe(scannedAt);
    expect(typed.redemption).toMatchObject({ transactionAmount: 2000, discountApplied: 200 });
    // Today's list at each till: its own, not the other's.
    const riversideToday = (await s.call(RPC.vouchers.tillRecent, {}, { actor: riversideStaff })).items;
    const hilltopToday = (await s.call(RPC.vouchers.tillRecent, {}, { actor: hilltopStaff })).items;
    expect(riversideToday.map((x) => x.id).sort()).toEqual(
      [scanned.redemption.id, synced.redemption.id].sort(),
    );
    expect(hilltopToday.map((x) => x.id)).toEqual([typed.redemption.id]);
    // Each partner's stats count its own (the tallies, pending and folded alike).
    const stats = async () => ({
      riverside: (await s.call(RPC.vouchers.companyStats, {}, { actor: riversideStaff })).totalRedemptions,
      hilltop: (await s.call(RPC.vouchers.companyStats, {}, { actor: hilltopStaff })).totalRedemptions,
    });
    expect(await stats()).toEqual({ riverside: 2, hilltop: 1 });
    await foldTallies(s);
    expect(await stats()).toEqual({ riverside: 2, hilltop: 1 });
    // Each partner's redemption history lists its own, by every plan, searched or not, with its total.
    const repo = s.vouchers[0]!.get(StatsRepository);
    for (const [actor, expected] of [
      [riversideStaff, [scanned.redemption.id, synced.redemption.id]],
      [hilltopStaff, [typed.redemption.id]],
    ] as const) {
      for (const search of [undefined, 'club offer']) {
        const page = await s.call(RPC.vouchers.companyRedemptions, search ? { search } : {}, { actor });
        expect(page.items.map((x) => x.id).sort(), search).toEqual([...expected].sort());
        expect(page.total).toBe(expected.length);
      }
      for (const plan of ['walk', 'byCode'] as const) {
        const page = await repo.redemptionsPage(actor, { limit: 20, offset: 0 }, plan, {});
        expect(page.rows.map((x) => x.id).sort(), plan).toEqual([...expected].sort());
      }
      const searched = await repo.redemptionsPage(
        actor,
        { limit: 20, offset: 0, search: 'club' },
        'bySearch',
        {},
      );
      expect(searched.rows.map((x) => x.id).sort()).toEqual([...expected].sort());
      expect(await repo.countRedemptionsUpTo(actor, 'club', {}, 100, 'bySearch')).toBe(expected.length);
    }
    // An undo gives the use back where it was counted.
    await s.call(
      RPC.vouchers.cancelRedemption,
      { id: scanned.redemption.id, reason: 'Wrong code' },
      { actor: riversideStaff },
    );
    expect(await stats()).toEqual({ riverside: 1, hilltop: 1 });
    // Once assigned to a partner it is that partner's code: its redemptions count there, and
    // back at the tills where they were made when the assignment ends.
    await s.call(RPC.vouchers.assignPartners, { id: c.id, partnerIds: [hilltop.id] });
    expect(await stats()).toEqual({ riverside: 0, hilltop: 2 });
    await s.call(RPC.vouchers.assignPartners, { id: c.id, partnerIds: [] });
    expect(await stats()).toEqual({ riverside: 1, hilltop: 1 });
    // npm run stats:rebuild's SQL finds every figure of both partners as they are.
    const figures = () =>
      Promise.all(
        [riversideStaff, hilltopStaff].map((actor) => s.call(RPC.vouchers.companyStats, {}, { actor })),
      );
    const before = await figures();
    expect(before.map((f) => f.activePartners)).toEqual([1, 1]);
    await foldTallies(s);
    await rebuildTallies(s.sql, 'UTC');
    expect(await figures()).toEqual(before);
  });

  it("a deactivated partner's till honours nothing: not its own codes, nor club-wide ones", async () => {
    const closed = await s.call(RPC.partners.create, { name: 'Closed Shop' });
    const closedStaff = companyActor(closed.id);
    const own = await code({ partnerId: closed.id });
    const c = await clubWide();
    await s.call(RPC.partners.update, { id: closed.id, isActive: false });
    for (const target of [own, c]) {
      expect(await check({ code: target.id }, closedStaff)).toMatchObject({
        redeemable: false,
        refusal: 'not_valid_here',
        reason: notValidAtMessage('Closed Shop'),
      });
      expect(await refusal(redeem({ code: target.id }, closedStaff))).toMatchObject({
        code: 'FORBIDDEN',
        message: notValidAtMessage('Closed Shop'),
      });
    }
  });

  it('one reason per cause, typed or scanned', async () => {
    const theirs = await s.call(RPC.vouchers.generate, {
      partnerId: hilltop.id,
      discountType: 'percentage',
      discountValue: '10',
      service: 'Coffee',
      expirationDate: '2099-12-31',
      usageLimit: '5',
    });
    const usedUp = await clubWide({ usageLimit: '1' });
    await redeem({ code: usedUp.id }, riversideStaff);
    const expired = await clubWide();
    await s.sql.query(`update vouchers.qr_codes set expiration_date = '2020-01-01' where id = $1`, [
      expired.id,
    ]);
    const upcoming = await clubWide({ startDate: '2099-01-01' });
    const deactivated = await clubWide();
    await s.sql.query('update vouchers.qr_codes set is_active = false where id = $1', [deactivated.id]);
    /** The reason a till gives: a check's `reason`, or the error's message. */
    const reason = async (call: Promise<{ reason?: string | undefined }>) => {
      try {
        return (await call).reason;
      } catch (error) {
        return (error as Error).message;
      }
    };
    for (const c of [theirs, usedUp, expired, upcoming, deactivated]) {
      const scanned = await reason(check({ code: c.qrUrl }, riversideStaff));
      expect(scanned).toBeTruthy();
      expect(await reason(check({ code: short(c.id) }, riversideStaff))).toBe(scanned);
      expect(await reason(check({ code: c.id }, riversideStaff))).toBe(scanned);
      const redeemScanned = (await refusal(redeem({ code: c.qrUrl }, riversideStaff))).message;
      expect((await refusal(redeem({ code: short(c.id) }, riversideStaff))).message).toBe(redeemScanned);
      expect(redeemScanned).toBe(scanned);
    }
    // Another shop's code typed says where, not "not found", and shows nothing of that code.
    const typed = await refusal(check({ code: short(theirs.id) }, riversideStaff));
    expect(typed).toMatchObject({ code: 'FORBIDDEN', message: notValidAtMessage('Riverside Bike Shop') });
    expect(JSON.stringify(typed)).not.toContain('Coffee');
    // Not ours, typed or scanned; 8 characters no code starts with: not found.
    for (const text of ['hello', 'https://evil.example/voucher/' + theirs.id])
      expect((await refusal(check({ code: text }, riversideStaff))).message).toBe(NOT_OUR_VOUCHER_MESSAGE);
    const unknown = theirs.id.startsWith('0') ? 'FFFFFFFF' : '00000000';
    expect(await refusal(check({ code: unknown }, riversideStaff))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('8 characters matching several codes list only the ones this shop may honour', async () => {
    // Two codes of each kind sharing a prefix (ids written directly: random ids almost never share 8).
    const prefix = 'abcdef01';
    const ids = ['0', '1', '2', '3'].map((n) => `${prefix}-0000-4000-8000-00000000000${n}`);
    const mine = await clubWide({ customTitle: 'Club one' });
    const theirs = await s.call(RPC.vouchers.generate, {
      partnerId: hilltop.id,
      discountType: 'percentage',
      discountValue: '10',
      service: 'Secret menu',
      customTitle: 'Hilltop secret',
      expirationDate: '2099-12-31',
      usageLimit: '5',
    });
    for (const [source, [a, b]] of [
      [mine, ids.slice(0, 2)],
      [theirs, ids.slice(2)],
    ] as const) {
      for (const id of [a!, b!]) {
        // A copy of the code under another id (its vendor and partners too).
        await s.sql.query(
          `create temp table twin as select * from vouchers.qr_codes where id = '${source.id}';
           update twin set id = '${id}'::uuid;
           insert into vouchers.qr_codes select * from twin; drop table twin`,
        );
      }
    }
    const several = await refusal(check({ code: prefix }, riversideStaff));
    expect(several.code).toBe('CONFLICT');
    expect((several.details as { matches: { id: string }[] }).matches.map((m) => m.id)).toEqual(
      ids.slice(0, 2),
    );
    expect(JSON.stringify(several)).not.toContain('Hilltop secret');
    // Hilltop sees its own two.
    const theirsMatched = await refusal(check({ code: prefix }, hilltopStaff));
    expect((theirsMatched.details as { matches: { id: string }[] }).matches.map((m) => m.id)).toEqual(ids);
  });
});

describe("a till's Idempotency-Key is its caller's own (issue 37)", () => {
  let a: { id: string };
  let b: { id: string };
  let aStaff: Actor;
  let bStaff: Actor;
  beforeAll(async () => {
    a = await s.call(RPC.partners.create, { name: 'Key Shop A' });
    b = await s.call(RPC.partners.create, { name: 'Key Shop B' });
    aStaff = { ...companyActor(a.id), name: 'Ann' };
    bStaff = { ...companyActor(b.id), name: 'Ben' };
  });
  const shared = async () => {
    const c = await s.call(RPC.vouchers.generate, {
      partnerId: a.id,
      discountType: 'percentage',
      discountValue: '10',
      service: 'Tune-up',
      expirationDate: '2099-12-31',
      usageLimit: '50',
    });
    await s.call(RPC.vouchers.assignPartners, { id: c.id, partnerIds: [a.id, b.id] });
    return c;
  };
  const redemptions = async (codeId: string) =>
    (
      await s.sql.query(
        `select partner_id, transaction_amount from vouchers.redemptions where qr_code_id = $1 order by redeemed_at`,
        [codeId],
      )
    ).rows;

  it("two shops' colliding keys on a shared code: two redemptions, both counted", async () => {
    const c = await shared();
    const first = await redeem({ code: c.id, idempotencyKey: 'sale-1001', transactionAmount: 1000 }, aStaff);
    const second = await redeem({ code: c.id, idempotencyKey: 'sale-1001', transactionAmount: 1000 }, bStaff);
    expect(second.redemption.id).not.toBe(first.redemption.id);
    expect(second.redemption).toMatchObject({ partnerId: b.id, redeemedBy: 'Ben' });
    expect(second.voucher.usageCount).toBe(2);
    expect(await redemptions(c.id)).toHaveLength(2);
  });

  it('replayed by another partner, the administrator or a member: never the first answer', async () => {
    const mine = await code({ partnerId: a.id });
    const key = crypto.randomUUID();
    const first = await redeem({ code: mine.id, idempotencyKey: key, transactionAmount: 4000 }, aStaff);
    // Partner B may not honour A's own code: 403, not A's redemption.
    expect(
      await refusal(redeem({ code: mine.id, idempotencyKey: key, transactionAmount: 4000 }, bStaff)),
    ).toMatchObject({ code: 'FORBIDDEN' });
    // The administrator's same key is the administrator's own redeem.
    const admin = await redeem({ code: mine.id, idempotencyKey: key, transactionAmount: 4000 }, SUPER_ADMIN);
    expect(admin.redemption.id).not.toBe(first.redemption.id);
    // A member's public redeem with the same key is the member's own too.
    const member = await s.call(
      RPC.vouchers.redeem,
      { id: mine.id, idempotencyKey: key },
      { actor: null, ip: '198.51.100.77' },
    );
    expect(member.redemptionId).not.toBe(first.redemption.id);
    expect(await redemptions(mine.id)).toHaveLength(3);
    // A's own repeat still answers A's first.
    const again = await redeem({ code: mine.id, idempotencyKey: key, transactionAmount: 4000 }, aStaff);
    expect(again.redemption.id).toBe(first.redemption.id);
  });

  it('the same key with another sale amount is 409, nothing counted', async () => {
    const c = await shared();
    await redeem({ code: c.id, idempotencyKey: 'sale-2002', transactionAmount: 1000 }, aStaff);
    expect(
      await refusal(redeem({ code: c.id, idempotencyKey: 'sale-2002', transactionAmount: 2500 }, aStaff)),
    ).toMatchObject({ code: 'CONFLICT', message: IDEMPOTENCY_KEY_REUSED });
    expect(await redemptions(c.id)).toEqual([{ partner_id: a.id, transaction_amount: 1000 }]);
  });

  it('one caller, the same key twice at once: one redemption, the same answer', async () => {
    const c = await shared();
    const [x, y] = await Promise.all([
      redeem({ code: c.id, idempotencyKey: 'sale-3003' }, bStaff),
      redeem({ code: c.id, idempotencyKey: 'sale-3003' }, bStaff),
    ]);
    expect(x.redemption.id).toBe(y.redemption.id);
    expect(await redemptions(c.id)).toHaveLength(1);
  });
});

describe("the proof of the latest use on the member's page (issue 44)", () => {
  const proofOf = async (id: string) =>
    (await s.call(RPC.vouchers.getPublic, { id }, { actor: null })).lastRedemption;

  it("a member's own redeem is only 'for use at' the code's shop; a till's names the till's shop", async () => {
    s.clock.set(T);
    try {
      const c = await code({ usageLimit: '3' });
      await s.call(RPC.vouchers.redeem, { id: c.id }, { actor: null });
      expect(await proofOf(c.id)).toEqual({
        redeemedAt: T.toISOString(),
        channel: 'self',
        partnerName: 'Clock Shop',
      });
      s.clock.set(minutes(1));
      await redeem({ code: c.id });
      expect(await proofOf(c.id)).toEqual({
        redeemedAt: minutes(1).toISOString(),
        channel: 'till',
        partnerName: 'Clock Shop',
      });
    } finally {
      s.clock.set(null);
    }
  });

  it("a club-wide code names the shop whose till redeemed it, and no shop for a member's own", async () => {
    const cafe = await s.call(RPC.partners.create, { name: 'Proof Cafe' });
    const c = await s.call(RPC.vouchers.generate, {
      clinic: 'AV Pass',
      discountType: 'percentage',
      discountValue: '10',
      service: 'Club offer',
      expirationDate: '2099-12-31',
      usageLimit: '3',
    });
    s.clock.set(T);
    try {
      await redeem({ code: c.id }, { ...companyActor(cafe.id), name: 'Cal' });
      expect(await proofOf(c.id)).toMatchObject({ channel: 'till', partnerName: 'Proof Cafe' });
      s.clock.set(minutes(1));
      await s.call(RPC.vouchers.redeem, { id: c.id }, { actor: null });
      expect(await proofOf(c.id)).toMatchObject({ channel: 'self', partnerName: null });
    } finally {
      s.clock.set(null);
    }
  });
});
