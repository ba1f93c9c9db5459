import { STATEMENT_REFUSALS, statementsQueueName } from '@avpass/contracts';
import { businessDayOf } from '@avpass/domain';
import { refusal } from '@avpass/platform/testing';
import { lastMonth, MonthlyIssueWorker } from '@avpass/statements-service';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLedger, type SeededLedger } from './support/ledger';
import { startStatementServices, type StatementServices } from './support/services';

// Issue 39: statements issued from the ledger, per business month (America/Los_Angeles), once each.
let s: StatementServices;
let partner: string;
let mine: SeededLedger['mine'];
let issue: SeededLedger['issue'];
let statementOf: SeededLedger['statementOf'];

beforeAll(async () => {
  s = await startStatementServices();
  ({ partner, mine, issue, statementOf } = await seedLedger(s));
});
afterAll(async () => s?.close());

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
    // A credit's line names its athlete (the charge's event carries the name), an item's line the item.
    expect(detail.lines.map((l) => l.label)).toEqual([
      expect.stringMatching(/^Jordan Miles · credit [0-9a-f]{8}$/),
      'Club Jersey · JRS-1 · M',
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
