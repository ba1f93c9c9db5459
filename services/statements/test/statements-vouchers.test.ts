import { waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyActor, startStatementServices, type StatementServices } from './support/services';

// Issue 39: vouchers honoured at the till on a statement: who funds each discount, and late cancels.
let s: StatementServices;

beforeAll(async () => {
  s = await startStatementServices();
});
afterAll(async () => s?.close());

const issue = (period: string) => s.call('statements.statements.issue.v1', { period });

describe('vouchers honoured', () => {
  it('count who funds each discount, and a cancel nets out in its month or adjusts the next one', async () => {
    const shop = randomUUID();
    const batch = randomUUID();
    const code = randomUUID();
    const snapshot = { expirationDate: null, usageCount: 1, usageLimit: 5, isActive: true, version: 2 };
    const redeemed = async (at: string, money: Record<string, unknown>, batchId: string | null = batch) => {
      const redemptionId = randomUUID();
      await s.publish('vouchers.voucher.redeemed.v1', {
        ...snapshot,
        qrCodeId: code,
        redemptionId,
        redeemedAt: at,
        partnerId: shop,
        batchId,
        ...money,
      });
      return { redemptionId, at, money };
    };
    const cancelled = (r: Awaited<ReturnType<typeof redeemed>>, at: string) =>
      s.publish('vouchers.redemption.cancelled.v1', {
        ...snapshot,
        qrCodeId: code,
        redemptionId: r.redemptionId,
        cancelledAt: at,
        cancelledBy: 'staff',
        reason: 'Wrong code',
        partnerId: shop,
        batchId: batch,
        redeemedAt: r.at,
        ...r.money,
      });
    const club = { fundedBy: 'club', noSaleAmount: false };
    // Nov 1 00:30 PDT: November. Club-funded 10 % of $50.
    await redeemed('2025-11-01T07:30:00Z', {
      ...club,
      saleCents: 5000,
      discountCents: 500,
      reimbursementCents: 500,
    });
    // Partner-funded: the club owes nothing; a code in no batch is its own line.
    await redeemed(
      '2025-11-20T18:00:00Z',
      {
        fundedBy: 'partner',
        saleCents: 3000,
        discountCents: 300,
        reimbursementCents: 0,
        noSaleAmount: false,
      },
      null,
    );
    // Club-funded percentage without a sale amount: counted 0, flagged.
    await redeemed('2025-11-21T18:00:00Z', {
      ...club,
      saleCents: null,
      discountCents: null,
      reimbursementCents: 0,
      noSaleAmount: true,
    });
    // A fixed $15 cancelled in the month: nothing.
    const fixed = await redeemed('2025-11-22T18:00:00Z', {
      ...club,
      saleCents: null,
      discountCents: null,
      reimbursementCents: 1500,
    });
    await cancelled(fixed, '2025-11-25T18:00:00Z');
    // Nov 30 23:59 PST: November; cancelled on Dec 3, after November's statement.
    const late = await redeemed('2025-12-01T07:59:00Z', {
      ...club,
      saleCents: 7000,
      discountCents: 700,
      reimbursementCents: 700,
    });
    await cancelled(late, '2025-12-03T18:00:00Z');
    // Dec 1 00:01 PST: December.
    await redeemed('2025-12-01T08:01:00Z', {
      ...club,
      saleCents: 1000,
      discountCents: 100,
      reimbursementCents: 100,
    });

    const november = () =>
      s.call('statements.preview.v1', { partnerId: shop, from: '2025-11-01', to: '2025-11-30' });
    await waitFor(async () => (await november()).vouchers.redemptions === 4, { timeoutMs: 20_000 });
    const nov = await november();
    expect(nov.vouchers).toMatchObject({
      redemptions: 4,
      salesCents: 15_000,
      discountCents: 1500,
      clubFundedCents: 1200,
      partnerFundedCents: 300,
      withoutSaleAmount: 1,
    });
    expect(nov.vouchers.lines.map((l) => [l.subjectType, l.redemptions, l.clubFundedCents])).toEqual([
      ['batch', 3, 1200],
      ['voucher', 1, 0],
    ]);
    expect(nov.totals).toEqual({ clubOwesCents: 1200, partnerOwesCents: 0, netCents: 1200 });

    const december = await s.call('statements.preview.v1', {
      partnerId: shop,
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(december.vouchers).toMatchObject({ redemptions: 1, clubFundedCents: 100 });
    expect(december.adjustments).toMatchObject({ redemptions: -1, clubFundedCents: -700 });
    expect(december.totals.clubOwesCents).toBe(-600);

    // Issued, the statements say what the previews said; a redelivered event changes nothing.
    await issue('2025-11');
    await issue('2025-12');
    const own = companyActor(shop);
    const [issuedNov, issuedDec] = await Promise.all(
      ['2025-11', '2025-12'].map(
        async (period) =>
          (await s.call('statements.statements.list.v1', { period }, { actor: own })).items[0]!,
      ),
    );
    expect(issuedNov).toMatchObject({ clubOwesCents: 1200, netCents: 1200 });
    expect(issuedDec).toMatchObject({ clubOwesCents: -600, netCents: -600 });
    const lines = (await s.call('statements.statements.get.v1', { id: issuedDec.id }, { actor: own })).lines;
    expect(lines.map((l) => [l.section, l.quantity, l.reversals, l.clubOwesCents])).toEqual([
      ['vouchers', 1, 0, 100],
      ['adjustments', -1, 1, -700],
    ]);
  });
});
