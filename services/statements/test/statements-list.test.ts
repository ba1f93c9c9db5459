import type { Statement, StatementSort } from '@avpass/contracts';
import { CURSOR_OTHER_SORT_MESSAGE } from '@avpass/platform';
import { refusal, waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyActor, startStatementServices, type StatementServices } from './support/services';

// Issue 39: the statements tables sort on the server, by keyset over indexed columns, every page.
let s: StatementServices;
const PERIOD = '2025-06';
/** Each partner's charges (the club owes) and merchandise used (it owes), in cents. */
const FIGURES: [club: number, used: number][] = [
  [5000, 0],
  [5000, 9000],
  [12_000, 1500],
  [300, 300],
  [7000, 4500],
  [0, 6000],
];
const partners = FIGURES.map(() => randomUUID());

beforeAll(async () => {
  s = await startStatementServices();
  for (const [i, [club, used]] of FIGURES.entries()) {
    const partnerId = partners[i]!;
    if (club)
      await s.publish('credits.transaction.recorded.v1', {
        transactionId: randomUUID(),
        creditId: randomUUID(),
        partnerId,
        transactionType: 'service',
        amount: club,
        balanceAfter: 0,
        recordedAt: '2025-06-10T18:00:00Z',
      });
    if (used)
      await s.publish('inventory.allocation.usage-reported.v1', {
        reportId: randomUUID(),
        allocationId: randomUUID(),
        partnerId,
        merchInventoryId: randomUUID(),
        merchItemId: randomUUID(),
        itemName: 'Club Cap',
        sku: 'CAP-1',
        size: 'M',
        color: null,
        quantityDelta: 1,
        usedQuantity: 1,
        unitPriceCents: used,
        reportedAt: '2025-06-11T18:00:00Z',
      });
  }
  await waitFor(
    async () =>
      (
        await Promise.all(
          partners.map((partnerId) =>
            s.call('statements.preview.v1', { partnerId, from: '2025-06-01', to: '2025-06-30' }),
          ),
        )
      ).every((p, i) => p.totals.netCents === FIGURES[i]![0] - FIGURES[i]![1]),
    { timeoutMs: 20_000, message: 'the ledger has every event' },
  );
  expect(await s.call('statements.statements.issue.v1', { period: PERIOD })).toMatchObject({ issued: 6 });
  // Two moves, so that the status sort has more than one value.
  const [first, second] = (await s.call('statements.statements.list.v1', { period: PERIOD })).items;
  await s.call('statements.statements.mark-paid.v1', { id: first!.id, paidAt: '2025-07-03', reference: 'A' });
  await s.call(
    'statements.statements.approve.v1',
    { id: second!.id },
    { actor: companyActor(second!.partnerId) },
  );
});
afterAll(async () => s?.close());

/** Every statement of the period, page by page (`limit` a page) in the sort's order. */
async function allPages(sort: StatementSort | undefined, order: 'asc' | 'desc' | undefined, limit: number) {
  const seen: Statement[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const page = await s.call('statements.statements.list.v1', {
      period: PERIOD,
      ...(sort ? { sort } : {}),
      ...(order ? { order } : {}),
      limit,
      ...(cursor ? { cursor } : {}),
    });
    seen.push(...page.items);
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error('more pages than statements');
}

const VALUE: Record<Exclude<StatementSort, 'issuedAt'>, (s: Statement) => string | number> = {
  status: (x) => x.status,
  clubOwes: (x) => x.clubOwesCents,
  partnerOwes: (x) => x.partnerOwesCents,
  net: (x) => x.netCents,
};

/** The order the server should answer: the sort's value, then the id, both in the order's way. */
function expected(items: Statement[], sort: Exclude<StatementSort, 'issuedAt'>, order: 'asc' | 'desc') {
  const sign = order === 'asc' ? 1 : -1;
  return [...items]
    .sort((a, b) => {
      const x = VALUE[sort](a);
      const y = VALUE[sort](b);
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.id < b.id ? -1 : 1) * sign;
    })
    .map((x) => x.id);
}

describe('the statements list, sorted on the server', () => {
  it('answers every sort, both ways, in the same order at every page size (ties by id)', async () => {
    const all = await allPages(undefined, undefined, 200);
    expect(all).toHaveLength(6);
    expect(new Set(all.map((x) => x.status))).toEqual(new Set(['issued', 'paid', 'approved']));
    for (const sort of ['status', 'clubOwes', 'partnerOwes', 'net'] as const)
      for (const order of ['asc', 'desc'] as const) {
        const want = expected(all, sort, order);
        for (const limit of [1, 4, 200])
          expect(
            (await allPages(sort, order, limit)).map((x) => x.id),
            `${sort} ${order} ${limit}`,
          ).toEqual(want);
      }
    // Issued oldest first is newest first reversed (the timestamps' microseconds decide, then the id).
    expect((await allPages('issuedAt', 'asc', 1)).map((x) => x.id)).toEqual(all.map((x) => x.id).reverse());
    expect((await allPages('issuedAt', 'desc', 4)).map((x) => x.id)).toEqual(all.map((x) => x.id));
    // Net most first: 10500, 5000, 2500, 0, -4000, -6000.
    expect((await allPages('net', undefined, 2)).map((x) => x.netCents)).toEqual([
      10_500, 5000, 2500, 0, -4000, -6000,
    ]);
    // A company's own list sorts too (one row).
    const own = await s.call(
      'statements.statements.list.v1',
      { sort: 'net', order: 'asc' },
      { actor: companyActor(partners[5]!) },
    );
    expect(own.items.map((x) => x.partnerId)).toEqual([partners[5]]);
  });

  it('refuses an unknown sort or order, and a cursor handed out under another sort', async () => {
    expect(
      await refusal(s.call('statements.statements.list.v1', { sort: 'partner' as StatementSort })),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { sort: ['sort must be one of issuedAt, status, clubOwes, partnerOwes, net'] },
    });
    expect(await refusal(s.call('statements.statements.list.v1', { order: 'up' as 'asc' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { order: ['order must be asc or desc'] },
    });
    const byNet = await s.call('statements.statements.list.v1', { period: PERIOD, sort: 'net', limit: 2 });
    for (const other of [{ sort: 'status' as const }, { sort: 'net' as const, order: 'asc' as const }, {}])
      expect(
        await refusal(
          s.call('statements.statements.list.v1', { period: PERIOD, ...other, cursor: byNet.nextCursor! }),
        ),
      ).toMatchObject({ code: 'VALIDATION_FAILED', errors: { cursor: [CURSOR_OTHER_SORT_MESSAGE] } });
  });

  it('reads each sort of a period along its index, never sorting the rows', async () => {
    // The test table is tiny (a sequential scan wins); forbid the alternatives to see which index serves.
    await s.sql.query('set enable_seqscan = off; set enable_bitmapscan = off; set enable_sort = off');
    try {
      for (const [expression, index] of [
        ['status', 'statements_period_status'],
        ['club_owes_cents', 'statements_period_club_owes'],
        ['partner_owes_cents', 'statements_period_partner_owes'],
        ['(club_owes_cents - partner_owes_cents)', 'statements_period_net'],
      ]) {
        const plan = await s.sql.query(
          `explain select * from statements.statements where period = '2025-06-01' and status <> 'superseded'
             order by ${expression} desc, id desc limit 50`,
        );
        const text = plan.rows.map((r) => r['QUERY PLAN'] as string).join('\n');
        expect(text, expression).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index} `));
        expect(text, expression).not.toMatch(/Sort/);
      }
    } finally {
      await s.sql.query('reset enable_seqscan; reset enable_bitmapscan; reset enable_sort');
    }
  });
});
