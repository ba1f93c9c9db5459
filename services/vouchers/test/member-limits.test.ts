import { memberLimitMessage, RPC, type Actor } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyActor, refusal, startVoucherServices, type VoucherServices } from './support/services';
import { generateVoucher } from './support/fixtures';

// Issue 41, per-member limits (decision 322): counted at every channel in the redeem's one statement,
// per period in the business time zone, given back by a cancel, held with two instances racing, and
// the members service's erasures and merges applied by the vouchers service.
let s: VoucherServices;
let shop: { id: string };
let staff: Actor;
beforeAll(async () => {
  s = await startVoucherServices({
    instances: 2,
    partners: true,
    members: true,
    env: { BUSINESS_TIMEZONE: 'America/New_York' },
  });
  shop = await s.call(RPC.partners.create, { name: 'Limit Shop' });
  staff = { ...companyActor(shop.id), name: 'Till Staff' };
});
afterAll(async () => s?.close());

const voucher = (perMemberLimit: unknown, extra: Record<string, unknown> = {}) =>
  generateVoucher(s, shop.id, { usageLimit: '50', perMemberLimit, ...extra });
const newMember = async (firstName = 'Ana', lastName = 'García') =>
  s.call(RPC.members.create, { firstName, lastName, email: `${randomUUID()}@example.com` } as never);
const issueOne = async (qrCodeId: string, m: { id: string; firstName: string; lastName: string }) =>
  (
    await s.call(RPC.vouchers.issueToMembers, {
      source: { qrCodeId },
      holders: [{ memberId: m.id, firstName: m.firstName, lastName: m.lastName }],
    })
  ).issued[0]!.qrCodeId;
const tillRedeem = (code: string) =>
  s.call(RPC.vouchers.tillRedeem, { code, idempotencyKey: randomUUID() } as never, { actor: staff });
const selfRedeem = (id: string) =>
  s.call(RPC.vouchers.redeem, { id, idempotencyKey: randomUUID() } as never, { actor: null, ip: randomIp() });
const check = (code: string) => s.call(RPC.vouchers.tillCheck, { code } as never, { actor: staff });
const randomIp = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 250) + 1;
const eventually = async (probe: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await probe()).toBe(true);
};

describe('a per-member limit', () => {
  it('one per member: the holder redeems once on the page; the till then refuses with the reason and shows it', async () => {
    const v = await voucher({ count: 1, period: 'ever' });
    const ana = await newMember();
    const code = await issueOne(v.id, ana);
    const first = await check(code);
    expect(first).toMatchObject({
      redeemable: true,
      holder: { firstName: 'Ana', lastInitial: 'G' },
      memberUses: { used: 0, limit: 1, period: 'ever' },
    });
    await selfRedeem(code);
    const after = await check(code);
    expect(after).toMatchObject({
      redeemable: false,
      refusal: 'member_limit',
      reason: memberLimitMessage(1, 'ever'),
      memberUses: { used: 1, limit: 1, period: 'ever' },
    });
    expect(after.reason).toBe('Already used once — one per member.');
    const refused = await refusal(tillRedeem(code));
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'Already used once — one per member.' });
    const again = await refusal(selfRedeem(code));
    expect(again.message).toBe('Already used once — one per member.');
    const used = await s.sql.query('select usage_count from vouchers.qr_codes where id = $1', [code]);
    expect(used.rows[0].usage_count).toBe(1);
  });

  it('per month in the business time zone: the next month starts again; the till answers "n of N"', async () => {
    const v = await voucher({ count: '2', period: 'month' });
    const bo = await newMember('Bo', 'Li');
    const code = await issueOne(v.id, bo);
    try {
      // 23:30 on Dec 31 in New York is already January in UTC: still December's period.
      s.clock.set(new Date('2027-01-01T04:30:00Z'));
      const one = await tillRedeem(code);
      expect(one.memberUses).toEqual({ used: 1, limit: 2, period: 'month' });
      expect(one.holder).toEqual({ firstName: 'Bo', lastInitial: 'L' });
      await tillRedeem(code);
      expect((await refusal(tillRedeem(code))).message).toBe(memberLimitMessage(2, 'month'));
      s.clock.set(new Date('2027-01-01T05:30:00Z'));
      expect((await tillRedeem(code)).memberUses).toEqual({ used: 1, limit: 2, period: 'month' });
    } finally {
      s.clock.set(null);
    }
  });

  it('a cancel gives the use back to the holder', async () => {
    const v = await voucher({ count: 1, period: 'day' });
    const cy = await newMember('Cy', 'Ng');
    const code = await issueOne(v.id, cy);
    const made = await tillRedeem(code);
    expect((await refusal(tillRedeem(code))).message).toBe(memberLimitMessage(1, 'day'));
    await s.call(RPC.vouchers.cancelRedemption, {
      id: made.redemption.id,
      reason: 'Wrong code',
      idempotencyKey: randomUUID(),
    } as never);
    expect((await check(code)).memberUses).toEqual({ used: 0, limit: 1, period: 'day' });
    expect((await tillRedeem(code)).memberUses).toEqual({ used: 1, limit: 1, period: 'day' });
  });

  it('a code with no holder is a bearer code: its per-member limit counts nothing', async () => {
    const v = await voucher({ count: 1, period: 'ever' });
    await tillRedeem(v.id);
    await tillRedeem(v.id);
    const answer = await check(v.id);
    expect(answer.redeemable).toBe(true);
    expect(answer.holder).toBeUndefined();
    expect(answer.memberUses).toBeUndefined();
  });
});

describe('merges and erasures from the members service', () => {
  it("a merge moves the duplicate's code and uses; two instances racing over both codes: exactly the limit succeeds", async () => {
    const v = await voucher({ count: 3, period: 'week' });
    const [ana, dup] = [await newMember('Ana', 'Ruiz'), await newMember('Ana', 'Ruiz')];
    const [mine, theirs] = [await issueOne(v.id, ana), await issueOne(v.id, dup)];
    await tillRedeem(theirs);
    await s.call(RPC.members.merge, { id: ana.id, from: dup.id });
    await eventually(async () => {
      const row = await s.sql.query('select holder_member_id from vouchers.qr_codes where id = $1', [theirs]);
      return row.rows[0].holder_member_id === ana.id;
    });
    expect((await check(mine)).memberUses).toEqual({ used: 1, limit: 3, period: 'week' });
    // Asking again for the member who now holds the duplicate's code answers a code they hold.
    const again = await s.call(RPC.vouchers.issueToMembers, {
      source: { qrCodeId: v.id },
      holders: [{ memberId: ana.id, firstName: 'Ana', lastName: 'Ruiz' }],
    });
    expect(again.issued[0]!.created).toBe(false);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => tillRedeem(i % 2 ? mine : theirs)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : []));
    expect(new Set(reasons)).toEqual(new Set([memberLimitMessage(3, 'week')]));
    const counted = await s.sql.query(
      `select (select sum(used)::int from vouchers.member_uses where member_id = $1) as used,
              (select count(*)::int from vouchers.redemptions where member_id = $1) as redemptions,
              (select sum(usage_count)::int from vouchers.qr_codes where id = any($2)) as usage`,
      [ana.id, [mine, theirs]],
    );
    expect(counted.rows[0]).toEqual({ used: 3, redemptions: 3, usage: 3 });
  });

  it("an erasure clears the till's name and keeps the holder, the counter and the redemptions", async () => {
    const v = await voucher({ count: 2, period: 'ever' });
    const eve = await newMember('Eve', 'Stone');
    const code = await issueOne(v.id, eve);
    await tillRedeem(code);
    await s.call(RPC.members.erase, { id: eve.id });
    await eventually(async () => {
      const row = await s.sql.query('select holder_name from vouchers.qr_codes where id = $1', [code]);
      return row.rows[0].holder_name === null;
    });
    const answer = await check(code);
    expect(answer.holder).toBeUndefined();
    expect(answer.memberUses).toEqual({ used: 1, limit: 2, period: 'ever' });
    const row = await s.sql.query(
      'select q.holder_member_id, (select count(*)::int from vouchers.redemptions r where r.member_id = $2) as n from vouchers.qr_codes q where q.id = $1',
      [code, eve.id],
    );
    expect(row.rows[0]).toEqual({ holder_member_id: eve.id, n: 1 });
  });
});
