import { RPC } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_USES_MISMATCHES_SQL } from '../src/tallies/tallies-sql.repository';
import { startVoucherServices, SUPER_ADMIN, type VoucherServices } from './support/services';

// A member's per-member counter is moved by the redeem's one statement and given back by a cancel
// (decision 322). `npm run stats:rebuild` checks that every member_uses row is the number of that
// member's redemptions not cancelled of its limit group in its period, and that no such redemptions
// lack a row (MEMBER_USES_MISMATCHES_SQL); this breaks each agreement behind the service's back and
// expects the check to name the counter, and to find nothing once they agree again.
let s: VoucherServices;
beforeAll(async () => {
  s = await startVoucherServices({ env: { REDEEM_RATE_LIMIT: '1000' } });
});
afterAll(async () => s?.close());

interface Mismatch {
  memberId: string;
  limitGroup: string;
  periodStart: string;
  used: number | null;
  counted: number;
}

/** A voucher limited to 3 per member per month, one code issued to a new member, redeemed `times`. */
async function heldAndRedeemed(times: number) {
  const voucher = await s.call(RPC.vouchers.generate, {
    clinic: 'Peak Physio',
    discountType: 'percentage',
    discountValue: 25,
    service: 'Assessment',
    expirationDate: '2099-12-31',
    usageLimit: '10',
    perMemberLimit: { count: 3, period: 'month' },
  } as never);
  const memberId = randomUUID();
  const issued = await s.call(RPC.vouchers.issueToMembers, {
    source: { qrCodeId: voucher.id },
    holders: [{ memberId, firstName: 'Ana', lastName: 'García' }],
  });
  const codeId = issued.issued[0]!.qrCodeId;
  const redemptionIds: string[] = [];
  for (let i = 0; i < times; i++) {
    const { redemptionId } = await s.call(
      RPC.vouchers.redeem,
      { id: codeId, idempotencyKey: randomUUID() } as never,
      { actor: null, ip: `10.9.${Math.floor(Math.random() * 250)}.${i + 1}`, userAgent: 'Mozilla/5.0' },
    );
    redemptionIds.push(redemptionId);
  }
  return { memberId, limitGroup: voucher.id, codeId, redemptionIds };
}

/** What the rebuild's check finds for `memberId`. */
async function mismatchesOf(memberId: string): Promise<Mismatch[]> {
  await s.sql.query('begin');
  try {
    await s.sql.query('set local search_path = vouchers');
    const rows: Mismatch[] = (await s.sql.query(MEMBER_USES_MISMATCHES_SQL, [1000])).rows;
    return rows.filter((row) => row.memberId === memberId);
  } finally {
    await s.sql.query('commit');
  }
}
const sql = (text: string, params: unknown[]) => s.sql.query(text, params);

describe('the per-member counters agree with the redemptions (decision 322)', () => {
  it('redeems and a cancel keep them in step, so the check finds nothing', async () => {
    const held = await heldAndRedeemed(2);
    await s.call(
      RPC.vouchers.cancelRedemption,
      { id: held.redemptionIds[0]!, reason: 'Tapped by mistake' },
      { actor: SUPER_ADMIN },
    );
    const row = await sql('select used from vouchers.member_uses where member_id = $1', [held.memberId]);
    expect(row.rows).toEqual([{ used: 1 }]);
    expect(await mismatchesOf(held.memberId)).toEqual([]);
  });

  it('a counter moved behind the redeem is named with both figures', async () => {
    const held = await heldAndRedeemed(2);
    await sql('update vouchers.member_uses set used = 3 where member_id = $1', [held.memberId]);
    const [found] = await mismatchesOf(held.memberId);
    expect(found).toMatchObject({ limitGroup: held.limitGroup, used: 3, counted: 2 });
    expect(found!.periodStart).toMatch(/^\d{4}-\d{2}-01$/);
    await sql('update vouchers.member_uses set used = 2 where member_id = $1', [held.memberId]);
    expect(await mismatchesOf(held.memberId)).toEqual([]);
  });

  it('redemptions that counted toward a member without a counter row are named', async () => {
    const held = await heldAndRedeemed(1);
    const saved = (await sql('select * from vouchers.member_uses where member_id = $1', [held.memberId]))
      .rows[0];
    await sql('delete from vouchers.member_uses where member_id = $1', [held.memberId]);
    expect(await mismatchesOf(held.memberId)).toEqual([
      expect.objectContaining({ limitGroup: held.limitGroup, used: null, counted: 1 }),
    ]);
    await sql(
      `insert into vouchers.member_uses (member_id, limit_group, period_start, used, use_limit)
       values ($1, $2, $3, $4, $5)`,
      [saved.member_id, saved.limit_group, saved.period_start, saved.used, saved.use_limit],
    );
    expect(await mismatchesOf(held.memberId)).toEqual([]);
  });

  it("a held code without a per-member limit names its holder (issue 43's daily cap) and counts toward no counter", async () => {
    const voucher = await s.call(RPC.vouchers.generate, {
      clinic: 'Peak Physio',
      discountType: 'percentage',
      discountValue: 25,
      service: 'Open assessment',
      expirationDate: '2099-12-31',
      usageLimit: '10',
    } as never);
    const memberId = randomUUID();
    const issued = await s.call(RPC.vouchers.issueToMembers, {
      source: { qrCodeId: voucher.id },
      holders: [{ memberId, firstName: 'Ana', lastName: 'García' }],
    });
    await s.call(
      RPC.vouchers.redeem,
      { id: issued.issued[0]!.qrCodeId, idempotencyKey: randomUUID() } as never,
      { actor: null, ip: '10.9.250.1', userAgent: 'Mozilla/5.0' },
    );
    const row = await sql(
      'select member_id, member_period_start, member_day from vouchers.redemptions where qr_code_id = $1',
      [issued.issued[0]!.qrCodeId],
    );
    expect(row.rows[0]).toMatchObject({ member_id: memberId, member_period_start: null });
    expect(row.rows[0].member_day).not.toBeNull();
    expect(await mismatchesOf(memberId)).toEqual([]);
  });

  it('a redemption cancelled without giving the use back is named', async () => {
    const held = await heldAndRedeemed(2);
    await sql(`update vouchers.redemptions set status = 'cancelled' where id = $1`, [held.redemptionIds[1]]);
    expect(await mismatchesOf(held.memberId)).toEqual([expect.objectContaining({ used: 2, counted: 1 })]);
    await sql(`update vouchers.redemptions set status = 'completed' where id = $1`, [held.redemptionIds[1]]);
    expect(await mismatchesOf(held.memberId)).toEqual([]);
  });

  it('a redemption counted in another period: both periods are named', async () => {
    const held = await heldAndRedeemed(2);
    await sql(
      `update vouchers.redemptions set member_period_start = member_period_start - interval '1 month'
        where id = $1`,
      [held.redemptionIds[0]],
    );
    const found = await mismatchesOf(held.memberId);
    expect(found.map((m) => [m.used, m.counted])).toEqual([
      [null, 1],
      [2, 1],
    ]);
    await sql(
      `update vouchers.redemptions set member_period_start = member_period_start + interval '1 month'
        where id = $1`,
      [held.redemptionIds[0]],
    );
    expect(await mismatchesOf(held.memberId)).toEqual([]);
  });
});
