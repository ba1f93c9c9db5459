import type { IssueStatementsResponse, Statement } from '@avpass/contracts';
import { waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { SUPER_ADMIN, companyActor, type StatementServices } from './services';

/**
 * One partner's ledger over months long past, published as the credits and inventory services' outbox
 * relays would (Los Angeles business time, across both DST changes), and another partner's one charge.
 * Each charge is a power of ten, so a total says which are in.
 */
export interface SeededLedger {
  partner: string;
  other: string;
  /** The partner's company administrator. */
  mine: ReturnType<typeof companyActor>;
  issue(period: string): Promise<IssueStatementsResponse>;
  /** The partner's current statement of the period (as the administrator, or `actor`, lists it). */
  statementOf(period: string, actor?: typeof SUPER_ADMIN): Promise<Statement>;
}

export async function seedLedger(s: StatementServices): Promise<SeededLedger> {
  const partner = randomUUID();
  const other = randomUUID();
  const credit = randomUUID();
  const item = randomUUID();
  /** A charge of `amount` cents to the athlete's credit at the partner, at the instant `at` (UTC). */
  const charge = (amount: number, at: string, partnerId: string = partner) =>
    s.charge(amount, at, partnerId, { creditId: credit, athleteName: 'Jordan Miles' });
  const used = (quantityDelta: number, at: string) =>
    s.publish('inventory.allocation.usage-reported.v1', {
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
  // Los Angeles: UTC-7 in summer time, -8 else.
  await charge(1, '2025-11-01T06:59:00Z'); // Oct 31 23:59 PDT: October
  const lateVoid = await charge(10, '2025-11-01T07:01:00Z'); // Nov 1 00:01 PDT: November
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
  return {
    partner,
    other,
    mine: companyActor(partner),
    issue: (period) => s.call('statements.statements.issue.v1', { period }),
    statementOf: async (period, actor = SUPER_ADMIN) =>
      (await s.call('statements.statements.list.v1', { period, partnerId: partner }, { actor }))
        .items[0] as Statement,
  };
}
