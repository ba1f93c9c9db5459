import { STATEMENT_REFUSALS, statementsQueueName, type Statement } from '@avpass/contracts';
import { addDays, businessDayOf } from '@avpass/domain';
import { refusal, waitFor } from '@avpass/platform/testing';
import { lastMonth, MonthlyIssueWorker } from '@avpass/statements-service';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUPER_ADMIN,
  companyActor,
  startStatementServices,
  type StatementServices,
} from './support/services';

// Issue 39: statements issued from the ledger, per business month (America/Los_Angeles), and their life.
let s: StatementServices;
const partner = randomUUID();
const other = randomUUID();
const credit = randomUUID();
const item = randomUUID();
const mine = companyActor(partner);

beforeAll(async () => {
  s = await startStatementServices();
});
afterAll(async () => s?.close());

/** A charge of `amount` cents to the credit at the partner, at the instant `at` (UTC). */
async function charge(amount: number, at: string, partnerId: string = partner): Promise<string> {
  const transactionId = randomUUID();
  await s.publish('credits.transaction.recorded.v1', {
    transactionId,
    creditId: credit,
    partnerId,
    transactionType: 'service',
    amount,
    balanceAfter: 0,
    recordedAt: at,
  });
  return transactionId;
}
async function used(quantityDelta: number, at: string) {
  await s.publish('inventory.allocation.usage-reported.v1', {
    reportId: randomUUID(),
    allocationId: randomUUID(),
    partnerId: partner,
    merchInventoryId: item,
    merchItemId: randomUUID(),
    itemName: 'Club Jersey',
    sku: 'JRS-1',
    size: 'M',
    color: null,
    quantityDelta,
    usedQuantity: 4,
    unitPriceCents: 1500,
    reportedAt: at,
  });
}
const issue = (period: string) => s.call('statements.statements.issue.v1', { period });
const statementOf = async (period: string, actor = SUPER_ADMIN) =>
  (await s.call('statements.statements.list.v1', { period, partnerId: partner }, { actor }))
    .items[0] as Statement;

let lateVoid: string;
beforeAll(async () => {
  // Each charge a power of ten, so a total says which are in. Los Angeles: UTC-7 in summer time, -8 else.
  await charge(1, '2025-11-01T06:59:00Z'); // Oct 31 23:59 PDT: October
  lateVoid = await charge(10, '2025-11-01T07:01:00Z'); // Nov 1 00:01 PDT: November
  await charge(100, '2025-12-01T07:59:00Z'); // Nov 30 23:59 PST (after the change of Nov 2): November
  await charge(1000, '2025-12-01T08:01:00Z'); // Dec 1 00:01 PST: December
  await charge(1_000_000, '2026-03-01T07:59:00Z'); // Feb 28 23:59 PST: February
  await charge(100_000, '2026-03-01T08:01:00Z'); // Mar 1 00:01 PST: March (summer time from Mar 8)
  await charge(10_000, '2026-04-01T06:59:00Z'); // Mar 31 23:59 PDT: March
  await charge(7, '2025-11-15T12:00:00Z', other);
  await used(4, '2025-11-10T18:00:00Z');
  await used(-1, '2025-11-11T18:00:00Z');
  // The November charge of 10 voided in December: the December statement counts it back.
  await s.publish('credits.transaction.voided.v1', {
    transactionId: lateVoid,
    creditId: credit,
    partnerId: partner,
    amount: 10,
    currentBalance: 0,
    voidedAt: '2025-12-05T20:00:00Z',
    reason: 'Returned',
  });
  const all = { partnerId: partner, from: '2025-10-01', to: '2026-04-30' };
  await waitFor(
    async () => (await s.call('statements.preview.v1', all)).totals.clubOwesCents === 1_111_111 - 10,
    { timeoutMs: 20_000, message: 'the ledger has every event' },
  );
});

describe('issuing a month', () => {
  it('issues each partner’s month once, with figures that agree with the live preview, across DST', async () => {
    expect(await issue('2025-11')).toEqual({ period: '2025-11', issued: 2, alreadyIssued: 0 });
    expect(await issue('2025-11')).toEqual({ period: '2025-11', issued: 0, alreadyIssued: 2 });
    const november = await statementOf('2025-11');
    expect(november).toMatchObject({
      status: 'issued',
      revision: 1,
      clubOwesCents: 110,
      partnerOwesCents: 4500,
      netCents: -4390,
      lineCount: 2,
    });
    const preview = await s.call('statements.preview.v1', {
      partnerId: partner,
      from: '2025-11-01',
      to: '2025-11-30',
    });
    expect(preview.totals).toEqual({ clubOwesCents: 110, partnerOwesCents: 4500, netCents: -4390 });
    expect(preview.credits).toEqual({
      charges: 2,
      chargedCents: 110,
      voids: 0,
      voidedCents: 0,
      netCents: 110,
    });
    const detail = await s.call('statements.statements.get.v1', { id: november.id });
    expect(detail.lines.map((l) => [l.section, l.quantity, l.clubOwesCents, l.partnerOwesCents])).toEqual([
      ['credits', 2, 110, 0],
      ['merchandise', 3, 0, 4500],
    ]);

    expect(await s.call('statements.statements.totals.v1', { period: '2025-11' })).toEqual({
      period: '2025-11',
      statements: 2,
      byStatus: { issued: 2 },
      clubOwesCents: 117,
      partnerOwesCents: 4500,
      netCents: -4383,
    });
    await issue('2025-12');
    expect(await statementOf('2025-12')).toMatchObject({ clubOwesCents: 990, lineCount: 1 });
    const december = await s.call('statements.preview.v1', {
      partnerId: partner,
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(december.credits).toEqual({
      charges: 1,
      chargedCents: 1000,
      voids: 1,
      voidedCents: 10,
      netCents: 990,
    });
    await issue('2026-03');
    expect(await statementOf('2026-03')).toMatchObject({ clubOwesCents: 110_000 });
    await issue('2026-02');
    expect(await statementOf('2026-02')).toMatchObject({ clubOwesCents: 1_000_000 });
  });

  it('the monthly job issues the month just ended once, on a schedule kept in Redis', async () => {
    const worker = s.statements.get(MonthlyIssueWorker, { strict: false });
    // Nov 1 2025, 00:05 in Los Angeles: October is issued (the charge of 1 at Oct 31 23:59).
    expect(await worker.issueLastMonth(new Date('2025-11-01T07:05:00Z'))).toBe('1 issued');
    expect(await worker.issueLastMonth(new Date('2025-11-01T07:06:00Z'))).toBe('0 issued');
    expect(await statementOf('2025-10')).toMatchObject({ clubOwesCents: 1, status: 'issued' });
    const queue = new Queue(statementsQueueName(s.env.NATS_NAMESPACE!), {
      connection: { url: s.env.REDIS_URL },
    });
    try {
      expect(await queue.getJobSchedulers()).toEqual([
        expect.objectContaining({ key: 'monthly-issue', pattern: '5 0 1 * *', tz: 'America/Los_Angeles' }),
      ]);
    } finally {
      await queue.close();
    }
    expect(lastMonth(new Date('2026-01-01T08:05:00Z'), 'America/Los_Angeles')).toBe('2025-12');
    expect(lastMonth(new Date('2026-01-01T07:55:00Z'), 'America/Los_Angeles')).toBe('2025-11');
  });

  it('refuses a month not over yet (409) and a malformed one (400)', async () => {
    const thisMonth = businessDayOf(new Date(), 'America/Los_Angeles').slice(0, 7);
    expect(await refusal(issue(thisMonth))).toMatchObject({
      code: 'CONFLICT',
      message: STATEMENT_REFUSALS.periodNotOver(thisMonth),
    });
    expect(await refusal(issue('2025-13'))).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(
      await refusal(s.call('statements.statements.issue.v1', { period: '2025-11' }, { actor: mine })),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('a statement’s life', () => {
  it('dispute one line, resolve into a new revision, approve, pay; bad moves are 409, another’s is 404', async () => {
    const first = await statementOf('2026-02');
    const stranger = companyActor(other);
    expect(
      await refusal(s.call('statements.statements.get.v1', { id: first.id }, { actor: stranger })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await refusal(s.call('statements.statements.approve.v1', { id: first.id }, { actor: stranger })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const { lines } = await s.call('statements.statements.get.v1', { id: first.id }, { actor: mine });
    expect(
      await refusal(
        s.call(
          'statements.statements.dispute.v1',
          { id: first.id, reason: 'x', lineIds: [randomUUID()] },
          { actor: mine },
        ),
      ),
    ).toMatchObject({ code: 'VALIDATION_FAILED', message: STATEMENT_REFUSALS.foreignLine });

    const disputed = await s.call(
      'statements.statements.dispute.v1',
      { id: first.id, reason: 'One charge was refunded at the till', lineIds: [lines[0]!.id] },
      { actor: mine },
    );
    expect(disputed).toMatchObject({ status: 'disputed', disputedLineIds: [lines[0]!.id] });
    expect(
      await refusal(s.call('statements.statements.approve.v1', { id: first.id }, { actor: mine })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: STATEMENT_REFUSALS.notIssued('disputed'),
    });

    const revised = await s.call('statements.statements.resolve.v1', {
      id: first.id,
      reason: 'Refund confirmed',
      adjustments: [{ label: 'Refunded charge', clubOwesCents: '-250000' }],
    });
    expect(revised).toMatchObject({
      status: 'issued',
      revision: 2,
      supersedesId: first.id,
      clubOwesCents: 750_000,
    });
    expect(
      await refusal(s.call('statements.statements.resolve.v1', { id: first.id, reason: 'again' })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: STATEMENT_REFUSALS.notDisputed('superseded'),
    });
    // The list shows the current revision; the old one is kept, listed when asked for.
    expect((await statementOf('2026-02')).id).toBe(revised.id);
    expect(
      (await s.call('statements.statements.list.v1', { period: '2026-02', status: 'superseded' })).items.map(
        (i) => i.id,
      ),
    ).toEqual([first.id]);

    expect(
      await s.call('statements.statements.approve.v1', { id: revised.id }, { actor: mine }),
    ).toMatchObject({
      status: 'approved',
    });
    expect(
      await refusal(s.call('statements.statements.approve.v1', { id: revised.id }, { actor: mine })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: STATEMENT_REFUSALS.notIssued('approved'),
    });
    const paid = await s.call('statements.statements.mark-paid.v1', {
      id: revised.id,
      paidAt: '2026-04-10',
      reference: 'ACH 20260410-17',
    });
    expect(paid).toMatchObject({ status: 'paid', paidAt: '2026-04-10', paidReference: 'ACH 20260410-17' });
    expect(
      await refusal(
        s.call('statements.statements.dispute.v1', { id: revised.id, reason: 'late' }, { actor: mine }),
      ),
    ).toMatchObject({ code: 'CONFLICT', message: STATEMENT_REFUSALS.notIssued('paid') });

    const audit = await s.sql.query(
      `select action from statements.audit_entries where target_id = any($1::text[]) order by at, action`,
      [[first.id, revised.id]],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'statements.statement.issued',
      'statements.statement.disputed',
      'statements.statement.resolved',
      'statements.statement.approved',
      'statements.statement.paid',
    ]);
  });

  it('a company lists its own statements only; lines page by cursor', async () => {
    const own = await s.call('statements.statements.list.v1', {}, { actor: mine });
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((i) => i.partnerId === partner)).toBe(true);
    expect(
      await refusal(s.call('statements.statements.list.v1', { partnerId: other }, { actor: mine })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const november = await statementOf('2025-11');
    const page1 = await s.call('statements.statements.get.v1', { id: november.id, limit: 1 });
    const page2 = await s.call('statements.statements.get.v1', {
      id: november.id,
      limit: 1,
      cursor: page1.nextCursor!,
    });
    expect([...page1.lines, ...page2.lines].map((l) => l.section)).toEqual(['credits', 'merchandise']);
    expect(
      await refusal(s.call('statements.statements.get.v1', { id: november.id, cursor: 'nope' })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(addDays('2025-11-30', 1)).toBe('2025-12-01');
  });
});

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
