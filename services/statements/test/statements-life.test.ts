import { STATEMENT_REFUSALS } from '@avpass/contracts';
import { IDEMPOTENCY_KEY_REUSED } from '@avpass/platform';
import { addDays } from '@avpass/domain';
import { refusal } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLedger, type SeededLedger } from './support/ledger';
import {
  SUPER_ADMIN,
  companyActor,
  startStatementServices,
  type StatementServices,
} from './support/services';

// Issue 39: a statement's life once issued: disputed, resolved into a revision, approved, paid.
let s: StatementServices;
let partner: string;
let other: string;
let mine: SeededLedger['mine'];
let issue: SeededLedger['issue'];
let statementOf: SeededLedger['statementOf'];

beforeAll(async () => {
  s = await startStatementServices();
  ({ partner, other, mine, issue, statementOf } = await seedLedger(s));
  for (const period of ['2025-11', '2026-02']) await issue(period);
});
afterAll(async () => s?.close());

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

  it('a payment is recorded once per Idempotency-Key of its caller; another body under the key is a 409', async () => {
    const [statement] = (
      await s.call('statements.statements.list.v1', { period: '2025-11', partnerId: other })
    ).items;
    const key = randomUUID();
    const pay = { id: statement!.id, paidAt: '2025-12-15', reference: 'ACH 20251215-3', idempotencyKey: key };
    const paid = await s.call('statements.statements.mark-paid.v1', pay);
    expect(paid).toMatchObject({ status: 'paid', paidAt: '2025-12-15', paidReference: 'ACH 20251215-3' });
    // A retry (the answer lost) answers the first payment again and changes nothing.
    expect(await s.call('statements.statements.mark-paid.v1', pay)).toEqual(paid);
    expect(
      await refusal(s.call('statements.statements.mark-paid.v1', { ...pay, reference: 'ACH 20251215-4' })),
    ).toMatchObject({ code: 'CONFLICT', message: IDEMPOTENCY_KEY_REUSED });
    // The key is its caller's: another administrator's same key is a request of its own (a paid
    // statement cannot be paid again).
    const colleague = { ...SUPER_ADMIN, userId: randomUUID() };
    expect(
      await refusal(s.call('statements.statements.mark-paid.v1', pay, { actor: colleague })),
    ).toMatchObject({ code: 'CONFLICT', message: STATEMENT_REFUSALS.notPayable('paid') });
    const audit = await s.sql.query(
      `select count(*)::int as n from statements.audit_entries where target_id = $1 and action = $2`,
      [statement!.id, 'statements.statement.paid'],
    );
    expect(audit.rows[0].n).toBe(1);
    expect(
      await refusal(s.call('statements.statements.mark-paid.v1', { ...pay, idempotencyKey: 'has space' })),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
