import type { Statement, StatementDetail } from '@avpass/contracts';
import { waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStatementServices, type StatementServices } from './support/services';

// Issue 39, "every figure equals a recount from the rows": a seeded mix of redemptions (club- and
// partner-funded, with and without a sale amount), cancels in the same month and in a later one, credit
// charges and their voids, and usage reports up and down, at random instants and at the instants that
// decide a month: 23:59 and 00:01 business time at every month's edge and the hours around both changes
// of summer time. The test recounts each month from its own list of events, placing each instant in a
// month with Intl (not with the service's SQL), and compares every statement figure.
import { DECISIVE, facts, monthOf, months, partners, recount, sum } from './support/ledger-facts';

let s: StatementServices;
async function publishFacts() {
  const code = randomUUID();
  const snapshot = {
    qrCodeId: code,
    expirationDate: null,
    usageCount: 1,
    usageLimit: 1000,
    isActive: true,
    version: 1,
  };
  const credit = randomUUID();
  for (const f of facts) {
    if (f.kind === 'redemption') {
      const base = { partnerId: f.partner, batchId: null, ...f.money };
      await s.publish('vouchers.voucher.redeemed.v1', {
        ...snapshot,
        ...base,
        redemptionId: f.id,
        redeemedAt: f.at,
      });
      if (f.cancelledAt)
        await s.publish('vouchers.redemption.cancelled.v1', {
          ...snapshot,
          ...base,
          redemptionId: f.id,
          redeemedAt: f.at,
          cancelledAt: f.cancelledAt,
          cancelledBy: 'staff',
          reason: 'Wrong code',
        });
    } else if (f.kind === 'charge') {
      const base = { transactionId: f.id, creditId: credit, partnerId: f.partner, amount: f.amount };
      await s.publish('credits.transaction.recorded.v1', {
        ...base,
        transactionType: 'service',
        balanceAfter: 0,
        recordedAt: f.at,
      });
      if (f.voidedAt)
        await s.publish('credits.transaction.voided.v1', {
          ...base,
          currentBalance: 0,
          voidedAt: f.voidedAt,
          reason: 'Returned',
        });
    } else
      await s.publish('inventory.allocation.usage-reported.v1', {
        reportId: randomUUID(),
        allocationId: randomUUID(),
        partnerId: f.partner,
        merchInventoryId: randomUUID(),
        merchItemId: randomUUID(),
        itemName: 'Club Jersey',
        sku: 'JRS-1',
        size: 'M',
        color: null,
        quantityDelta: f.delta,
        usedQuantity: 1,
        unitPriceCents: f.price,
        reportedAt: f.at,
      });
  }
}

beforeAll(async () => {
  s = await startStatementServices();
  await publishFacts();
  // Every fact is in the ledger: the whole span's figures are the recount of every month.
  const everything = (partner: string) =>
    months.map((m) => recount(partner, m).totals.netCents).reduce((a, b) => a + b, 0);
  await waitFor(
    async () => {
      for (const partner of partners) {
        const all = await s.call('statements.preview.v1', {
          partnerId: partner,
          from: '2025-09-01',
          to: '2026-06-30',
        });
        if (all.totals.netCents !== everything(partner)) return false;
      }
      return true;
    },
    { timeoutMs: 30_000, message: 'the ledger has every fact' },
  );
}, 60_000);
afterAll(async () => s?.close());

describe('a statement is a recount of its month', () => {
  it('at every month edge, both changes of summer time, and late cancels and voids', async () => {
    // The mix does reach the cases that matter (the seed is fixed: this checks the generator, once).
    expect(
      facts.some((f) => f.kind === 'redemption' && f.cancelledAt && monthOf(f.cancelledAt) !== monthOf(f.at)),
    ).toBe(true);
    expect(
      facts.some((f) => f.kind === 'charge' && f.voidedAt && monthOf(f.voidedAt) !== monthOf(f.at)),
    ).toBe(true);
    expect(facts.filter((f) => DECISIVE.includes(Date.parse(f.at))).length).toBeGreaterThan(10);
    expect(months).toEqual(expect.arrayContaining(['2025-10', '2025-11', '2026-03', '2026-04']));

    let compared = 0;
    for (const period of months) {
      await s.call('statements.statements.issue.v1', { period });
      for (const partner of partners) {
        const expected = recount(partner, period);
        const listed = (await s.call('statements.statements.list.v1', { period, partnerId: partner }))
          .items as Statement[];
        const preview = await s.call('statements.preview.v1', {
          partnerId: partner,
          from: `${period}-01`,
          to: lastDay(period),
        });
        const at = `${partner.slice(0, 8)} ${period}`;
        expect(preview.totals, at).toEqual(expected.totals);
        if (listed.length === 0) {
          // No row for the partner in that month: nothing to issue, and nothing owed.
          expect(expected.totals, at).toEqual({ clubOwesCents: 0, partnerOwesCents: 0, netCents: 0 });
          continue;
        }
        const statement = listed[0]!;
        const detail = (await s.call('statements.statements.get.v1', {
          id: statement.id,
          limit: 200,
        })) as StatementDetail;
        expect(detail.lines.length, at).toBe(statement.lineCount);
        expect(
          {
            clubOwesCents: statement.clubOwesCents,
            partnerOwesCents: statement.partnerOwesCents,
            netCents: statement.netCents,
          },
          at,
        ).toEqual(expected.totals);
        expect(sum(detail.lines, 'vouchers'), at).toMatchObject(expected.vouchers);
        expect(sum(detail.lines, 'adjustments'), at).toMatchObject(expected.adjustments);
        expect(sum(detail.lines, 'credits'), at).toMatchObject(expected.credits);
        expect(sum(detail.lines, 'merchandise'), at).toMatchObject(expected.merchandise);
        // The preview's sections say the same.
        expect(preview.vouchers, at).toMatchObject({
          redemptions: expected.vouchers.quantity,
          salesCents: expected.vouchers.salesCents,
          discountCents: expected.vouchers.discountCents,
          clubFundedCents: expected.vouchers.clubOwesCents,
          partnerFundedCents: expected.vouchers.partnerFundedCents,
        });
        expect(preview.adjustments, at).toMatchObject({
          redemptions: expected.adjustments.quantity,
          clubFundedCents: expected.adjustments.clubOwesCents,
        });
        expect(preview.credits.netCents, at).toBe(expected.credits.clubOwesCents);
        expect(preview.merchandise, at).toMatchObject({
          units: expected.merchandise.quantity,
          amountCents: expected.merchandise.partnerOwesCents,
        });
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(8);
  });
});

function lastDay(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}
