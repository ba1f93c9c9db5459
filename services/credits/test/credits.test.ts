import { CREDIT_REFUSALS, RPC } from '@avpass/contracts';
import { IDEMPOTENCY_KEY_REUSED } from '@avpass/platform';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companyActor,
  refusal,
  startCreditServices,
  SUPER_ADMIN,
  type CreditServices,
} from './support/services';

let s: CreditServices;
let companyA: string;
let companyB: string;
beforeAll(async () => {
  s = await startCreditServices({ instances: 2 });
  companyA = (await s.call(RPC.partners.create, { name: 'Peak Sports' })).id;
  companyB = (await s.call(RPC.partners.create, { name: 'River Shoes' })).id;
});
afterAll(async () => s?.close());

const createCredit = (body: Record<string, unknown> = {}) =>
  s.call(RPC.credits.create, {
    athleteName: 'Jordan Miles',
    totalAmount: 50_000,
    duration: 12,
    startDate: '2026-01-01',
    endDate: '2099-12-31',
    ...body,
  });

const purchase = (
  creditId: string,
  amount: number,
  extra: Record<string, unknown> = {},
  actor = SUPER_ADMIN,
) =>
  s.call(
    RPC.credits.record,
    { id: creditId, transactionType: 'purchase', description: 'Running shoes', amount, ...extra },
    { actor },
  );

async function ledger(creditId: string) {
  const credit = (
    await s.sql.query(
      'select total_amount, current_balance, used_amount from credits.athlete_credits where id = $1',
      [creditId],
    )
  ).rows[0];
  const sums = (
    await s.sql.query(
      `select coalesce(sum(amount) filter (where voided_at is null), 0)::int as live, count(*)::int as n
         from credits.credit_transactions where credit_id = $1`,
      [creditId],
    )
  ).rows[0];
  return {
    total: credit.total_amount as number,
    balance: credit.current_balance as number,
    used: credit.used_amount as number,
    live: sums.live as number,
    rows: sums.n as number,
  };
}

const outbox = async (name: string, field: string, value: string) =>
  (
    await s.sql.query(`select payload from credits.outbox_events where name = $1 and payload->>$2 = $3`, [
      name,
      field,
      value,
    ])
  ).rows.map((r) => r.payload);

describe('credit allocations', () => {
  it('a new credit starts with its whole total, the computed monthly amount and the defaults', async () => {
    const credit = await s.call(RPC.credits.create, {
      athleteName: '  Ava Stone ',
      totalAmount: 100_000,
      startDate: '2026-01-01',
      endDate: '2099-01-01',
      monthlyAmount: 1,
      partnerName: 'ignored',
    });
    expect(credit).toMatchObject({
      athleteName: 'Ava Stone',
      athleteRole: 'athlete',
      duration: 12,
      totalAmount: 100_000,
      monthlyAmount: 8_333,
      currentBalance: 100_000,
      usedAmount: 0,
      status: 'active',
      isActive: true,
      partnerId: null,
      partnerName: null,
      createdBy: SUPER_ADMIN.userId,
    });
    expect(await outbox('credits.credit.created.v1', 'creditId', credit.id)).toEqual([
      expect.objectContaining({ creditId: credit.id, totalAmount: 100_000, endDate: '2099-01-01' }),
    ]);
  });

  it('a partner credit carries the partner name from the partners service', async () => {
    const credit = await createCredit({ partnerId: companyA, athleteRole: 'coach', duration: 6 });
    expect(credit).toMatchObject({ partnerId: companyA, partnerName: 'Peak Sports', athleteRole: 'coach' });
    const unknown = await refusal(createCredit({ partnerId: randomUUID() }));
    expect(unknown.code).toBe('VALIDATION_FAILED');
    expect(unknown.errors?.partnerId).toEqual(['Partner not found']);
  });

  it.each([
    [{ athleteName: ' ' }, 'athleteName', 'Athlete name is required'],
    [{ athleteName: undefined }, 'athleteName', 'Athlete name is required'],
    [{ totalAmount: undefined }, 'totalAmount', 'Total amount is required'],
    [{ totalAmount: 0 }, 'totalAmount', 'Amount must be a positive number'],
    [{ totalAmount: -100 }, 'totalAmount', 'Amount must be a positive number'],
    [{ totalAmount: 10.5 }, 'totalAmount', 'Amount must be a whole number of cents'],
    [{ totalAmount: 'lots' }, 'totalAmount', 'Total amount must be a number of cents, not "lots"'],
    [{ duration: 0 }, 'duration', 'Duration must be a whole number of months from 1 to 120'],
    [{ startDate: '' }, 'startDate', 'Start date is required'],
    [{ endDate: undefined }, 'endDate', 'End date is required'],
    [{ startDate: '2026-02-01', endDate: '2026-02-01' }, 'endDate', 'Start date must be before the end date'],
    [{ athleteRole: 'manager' }, 'athleteRole', 'Role must be athlete, trainer or coach'],
    [
      { athleteImage: 'https://evil.example/x.png' },
      'athleteImage',
      'Must be a file uploaded to AV Pass (/uploads/...)',
    ],
  ])('refuses %j with the message on %s', async (change, field, message) => {
    const error = await refusal(createCredit(change));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors?.[field]).toContain(message);
  });

  it('lists active credits newest first by keyset, searchable by athlete name or role', async () => {
    const tag = randomUUID().slice(0, 8);
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createCredit({ athleteName: `Pager ${tag} ${i}`, athleteRole: 'trainer' }));
    const first = await s.call(RPC.credits.list, { search: `pager ${tag}`, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.items.map((c) => c.id)).toEqual([made[2]!.id, made[1]!.id]);
    const second = await s.call(RPC.credits.list, {
      search: `pager ${tag}`,
      limit: 2,
      cursor: first.nextCursor!,
    });
    expect(second.items.map((c) => c.id)).toEqual([made[0]!.id]);
    expect(second.nextCursor).toBeNull();
    const byRole = await s.call(RPC.credits.list, { search: 'Trainer', limit: 200 });
    expect(byRole.items.every((c) => c.athleteRole === 'trainer')).toBe(true);
    expect(byRole.items.length).toBeGreaterThanOrEqual(3);
  });

  it('a credit without transactions is removed; one with transactions is deactivated and hidden, its ledger kept', async () => {
    const bare = await createCredit({ athleteName: 'Delete Me' });
    expect(await s.call(RPC.credits.remove, { id: bare.id })).toMatchObject({ outcome: 'deleted' });
    expect(
      (await s.sql.query('select 1 from credits.athlete_credits where id = $1', [bare.id])).rowCount,
    ).toBe(0);

    const used = await createCredit({ athleteName: 'Keep Ledger' });
    const tx = await purchase(used.id, 1_000);
    const removed = await s.call(RPC.credits.remove, { id: used.id });
    expect(removed.outcome).toBe('deactivated');
    expect((await ledger(used.id)).rows).toBe(1);
    const listed = await s.call(RPC.credits.list, { search: 'Keep Ledger' });
    expect(listed.items).toHaveLength(0);
    const again = await refusal(purchase(used.id, 100));
    expect(again).toMatchObject({ code: 'CONFLICT', message: CREDIT_REFUSALS.inactive });
    // Voiding still gives the money back on the deactivated credit, and the ledger still lists it.
    await s.call(RPC.credits.voidTransaction, { id: tx.transaction.id, reason: 'refund' });
    expect(await ledger(used.id)).toMatchObject({ balance: 50_000, used: 0, rows: 1 });
    expect((await refusal(s.call(RPC.credits.remove, { id: randomUUID() }))).code).toBe('NOT_FOUND');
  });
});

describe('recording a transaction', () => {
  it('charges the credit, records balanceAfter and writes the event', async () => {
    const credit = await createCredit();
    const answer = await purchase(credit.id, 12_345, {
      category: 'shoes',
      reference: 'R-1',
      notes: 'size 10',
    });
    expect(answer.message).toBe('Transaction recorded successfully');
    expect(answer.transaction).toMatchObject({
      creditId: credit.id,
      athleteName: 'Jordan Miles',
      amount: 12_345,
      balanceAfter: 37_655,
      category: 'shoes',
      reference: 'R-1',
      notes: 'size 10',
      voidedAt: null,
    });
    expect(answer.credit).toMatchObject({ currentBalance: 37_655, usedAmount: 12_345 });
    const second = await s.call(RPC.credits.recordLedger, {
      creditId: credit.id,
      amount: 655,
      description: 'Socks',
    });
    expect(second.transaction).toMatchObject({
      balanceAfter: 37_000,
      category: 'equipment',
      transactionType: 'purchase',
    });
    expect(await outbox('credits.transaction.recorded.v1', 'transactionId', answer.transaction.id)).toEqual([
      expect.objectContaining({
        creditId: credit.id,
        amount: 12_345,
        balanceAfter: 37_655,
        athleteName: credit.athleteName,
      }),
    ]);
  });

  it('refuses a purchase that would take the balance below zero, and the exact balance works', async () => {
    const credit = await createCredit({ totalAmount: 1_000 });
    const over = await refusal(purchase(credit.id, 1_001));
    expect(over.code).toBe('CONFLICT');
    expect(over.message).toContain(CREDIT_REFUSALS.insufficient);
    expect(over.message).toContain('available $10.00');
    expect((await purchase(credit.id, 1_000)).credit.currentBalance).toBe(0);
    expect((await refusal(purchase(credit.id, 1))).message).toContain(CREDIT_REFUSALS.insufficient);
  });

  it.each([
    [{ amount: 0 }, 'amount', 'Amount must be a positive number'],
    [{ amount: -5 }, 'amount', 'Amount must be a positive number'],
    [{ amount: 1.5 }, 'amount', 'Amount must be a whole number of cents'],
    [{ amount: undefined }, 'amount', 'Amount is required'],
    [{ description: '  ' }, 'description', 'Description is required'],
    [{ description: undefined }, 'description', 'Description is required'],
    [{ transactionType: 'gift' }, 'transactionType', 'Type must be purchase, service, equipment or other'],
    [{ category: 'food' }, 'category', 'Category must be shoes, equipment, apparel, services or other'],
  ])('refuses %j with the message on %s', async (change, field, message) => {
    const credit = await createCredit();
    const error = await refusal(purchase(credit.id, 100, change));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors?.[field]).toContain(message);
    expect((await ledger(credit.id)).rows).toBe(0);
  });

  it('a credit is spendable through the end of its last business day, and refused one millisecond later', async () => {
    // BUSINESS_TIMEZONE is America/Los_Angeles in tests: 2030-06-30 ends at 2030-07-01T06:59:59.999Z (PDT).
    const credit = await createCredit({ startDate: '2030-01-01', endDate: '2030-06-30' });
    try {
      s.clock.set(new Date('2030-07-01T06:59:59.999Z'));
      expect((await purchase(credit.id, 100)).credit.status).toBe('active');
      s.clock.set(new Date('2030-07-01T07:00:00.000Z'));
      const refused = await refusal(purchase(credit.id, 100));
      expect(refused).toMatchObject({ code: 'CONFLICT', message: CREDIT_REFUSALS.expired });
      const listed = await s.call(RPC.credits.list, { search: 'Jordan', limit: 200 });
      expect(listed.items.find((c) => c.id === credit.id)?.status).toBe('expired');
    } finally {
      s.clock.set(null);
    }
    expect(await ledger(credit.id)).toMatchObject({ balance: 49_900, rows: 1 });
  });

  it('a retried request with the same Idempotency-Key charges once and answers the first outcome', async () => {
    const credit = await createCredit({ totalAmount: 10_000 });
    const first = await purchase(credit.id, 2_500, { idempotencyKey: 'till-7-0001' });
    const retry = await purchase(credit.id, 2_500, { idempotencyKey: 'till-7-0001' });
    expect(retry.transaction.id).toBe(first.transaction.id);
    expect(retry.credit.currentBalance).toBe(7_500);
    // Concurrent retries of one key over both instances: still one charge.
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => purchase(credit.id, 1_000, { idempotencyKey: 'till-7-0002' })),
    );
    expect(new Set(burst.map((b) => b.transaction.id)).size).toBe(1);
    expect(await ledger(credit.id)).toMatchObject({ balance: 6_500, used: 3_500, rows: 2 });
    const badKey = await refusal(purchase(credit.id, 100, { idempotencyKey: 'has space' }));
    expect(badKey.errors?.idempotencyKey).toEqual(['Idempotency-Key must be 1-200 visible ASCII characters']);
  });

  it("an Idempotency-Key is its caller's (issue 37): another user's same key charges again; another amount is 409", async () => {
    const credit = await createCredit({ totalAmount: 10_000 });
    const first = await purchase(credit.id, 2_000, { idempotencyKey: 'sale-1001' });
    const otherAdmin = { ...SUPER_ADMIN, userId: randomUUID() };
    const theirs = await purchase(credit.id, 2_000, { idempotencyKey: 'sale-1001' }, otherAdmin);
    expect(theirs.transaction.id).not.toBe(first.transaction.id);
    expect(await refusal(purchase(credit.id, 3_000, { idempotencyKey: 'sale-1001' }))).toMatchObject({
      code: 'CONFLICT',
      message: IDEMPOTENCY_KEY_REUSED,
    });
    expect(await ledger(credit.id)).toMatchObject({ balance: 6_000, rows: 2 });
    // One mechanism: the ledger keeps no key of its own.
    const columns = await s.sql.query(
      `select 1 from information_schema.columns
        where table_schema = 'credits' and table_name = 'credit_transactions' and column_name = 'idempotency_key'`,
    );
    expect(columns.rows).toEqual([]);
  });

  it('40 concurrent purchases over two instances never overspend a credit that covers only some', async () => {
    expect(s.credits).toHaveLength(2);
    const credit = await createCredit({ totalAmount: 25_000 }); // covers 16 of 40 purchases of $15.00
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => purchase(credit.id, 1_500, { reference: `c-${i}` })),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason.message).toContain(CREDIT_REFUSALS.insufficient);
    const after = await ledger(credit.id);
    console.log(
      `[credits concurrency] requests=40 successes=${ok.length} refused=${refused.length} final balance=${after.balance} cents`,
    );
    expect(ok).toHaveLength(16);
    expect(after).toMatchObject({ balance: 1_000, used: 24_000, live: 24_000, rows: 16 });
    const balances = ok.map(
      (o) =>
        (o as PromiseFulfilledResult<{ transaction: { balanceAfter: number } }>).value.transaction
          .balanceAfter,
    );
    expect(new Set(balances).size).toBe(16);
    expect(Math.min(...balances)).toBe(1_000);
  });
});

describe('voiding', () => {
  it('restores the amount once, records who and why, and a second void changes nothing and says so', async () => {
    const credit = await createCredit({ totalAmount: 5_000 });
    const tx = await purchase(credit.id, 2_000);
    const voided = await s.call(RPC.credits.voidTransaction, {
      id: tx.transaction.id,
      reason: '  wrong size ',
    });
    expect(voided.message).toBe('Transaction voided successfully');
    expect(voided.transaction).toMatchObject({ voidReason: 'wrong size', voidedBy: SUPER_ADMIN.userId });
    expect(voided.transaction.voidedAt).not.toBeNull();
    expect(voided.credit).toMatchObject({ currentBalance: 5_000, usedAmount: 0 });
    const twice = await refusal(
      s.call(RPC.credits.voidTransaction, { id: tx.transaction.id, reason: 'again' }),
    );
    expect(twice).toMatchObject({ code: 'CONFLICT', message: CREDIT_REFUSALS.alreadyVoided });
    expect(await ledger(credit.id)).toMatchObject({ balance: 5_000, used: 0, live: 0 });
    expect(await outbox('credits.transaction.voided.v1', 'transactionId', tx.transaction.id)).toEqual([
      expect.objectContaining({ amount: 2_000, athleteName: credit.athleteName }),
    ]);
  });

  it('concurrent voids of one transaction restore the amount exactly once', async () => {
    const credit = await createCredit({ totalAmount: 5_000 });
    const tx = await purchase(credit.id, 3_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        s.call(RPC.credits.voidTransaction, { id: tx.transaction.id, reason: 'dup' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await ledger(credit.id)).toMatchObject({ balance: 5_000, used: 0 });
  });

  it.each([[''], ['   '], [undefined]])('needs a reason (%j)', async (reason) => {
    const credit = await createCredit();
    const tx = await purchase(credit.id, 100);
    const error = await refusal(
      s.call(RPC.credits.voidTransaction, { id: tx.transaction.id, reason: reason as string }),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.errors?.reason).toEqual(['A reason is required to void a transaction']);
    expect((await ledger(credit.id)).balance).toBe(49_900);
  });

  it('an unknown transaction is not found', async () => {
    const error = await refusal(s.call(RPC.credits.voidTransaction, { id: randomUUID(), reason: 'x' }));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('the ledger invariant holds after a randomised concurrent mix of purchases and voids', async () => {
    const credit = await createCredit({ totalAmount: 30_000 });
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const recorded: string[] = [];
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      if (recorded.length && random() < 0.35) {
        const id = recorded[Math.floor(random() * recorded.length)]!;
        ops.push(s.call(RPC.credits.voidTransaction, { id, reason: `r${i}` }).catch(() => null));
      } else {
        const amount = 100 + Math.floor(random() * 2_000);
        ops.push(
          purchase(credit.id, amount, {}, companyActor(random() < 0.5 ? companyA : companyB))
            .then((t) => recorded.push(t.transaction.id))
            .catch(() => null),
        );
      }
      if (i % 10 === 9) await Promise.all(ops.splice(0));
    }
    await Promise.all(ops);
    const after = await ledger(credit.id);
    expect(after.rows).toBeGreaterThan(10);
    expect(after.balance).toBe(after.total - after.live);
    expect(after.used).toBe(after.live);
    expect(after.balance).toBeGreaterThanOrEqual(0);
  });
});

describe('who may do what', () => {
  it('anonymous callers are refused and a company cannot use the administrator calls', async () => {
    expect((await refusal(s.call(RPC.credits.listForPartner, {}, { actor: null }))).code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await refusal(s.call(RPC.credits.summary, {}, { actor: null }))).code).toBe('UNAUTHENTICATED');
    const company = companyActor(companyA);
    // All six are in flight at once, each with its handler attached from the start: awaiting them one by
    // one would leave a later refusal unhandled while an earlier one is awaited.
    const forbidden = await Promise.all(
      [
        s.call(RPC.credits.list, {}, { actor: company }),
        s.call(
          RPC.credits.create,
          { athleteName: 'X', totalAmount: 1, startDate: '2026-01-01', endDate: '2027-01-01' },
          { actor: company },
        ),
        s.call(RPC.credits.remove, { id: randomUUID() }, { actor: company }),
        s.call(RPC.credits.transactions, {}, { actor: company }),
        s.call(
          RPC.credits.recordLedger,
          { creditId: randomUUID(), amount: 1, description: 'x' },
          { actor: company },
        ),
        s.call(RPC.credits.voidTransaction, { id: randomUUID(), reason: 'x' }, { actor: company }),
      ].map(refusal),
    );
    expect(forbidden.map((error) => error.code)).toEqual(Array(6).fill('FORBIDDEN'));
  });

  it('a company processes its own and unassigned credits, records as itself, and sees only its transactions', async () => {
    const tag = randomUUID().slice(0, 8);
    const own = await createCredit({ athleteName: `Own ${tag}`, partnerId: companyA });
    const open = await createCredit({ athleteName: `Open ${tag}` });
    const other = await createCredit({ athleteName: `Other ${tag}`, partnerId: companyB });
    const a = companyActor(companyA);
    const visible = await s.call(RPC.credits.listForPartner, { search: tag }, { actor: a });
    expect(visible.items.map((c) => c.athleteName).sort()).toEqual([`Open ${tag}`, `Own ${tag}`]);
    expect(visible.total).toBe(2);

    // The body's placeholders are ignored: the session's company and its name are recorded.
    const tx = await purchase(open.id, 700, { partnerId: companyB, partnerName: 'Placeholder Partner' }, a);
    expect(tx.transaction).toMatchObject({ partnerId: companyA, partnerName: 'Peak Sports' });
    await purchase(own.id, 300, {}, a);
    const notYours = await refusal(purchase(other.id, 100, {}, a));
    expect(notYours.code).toBe('NOT_FOUND');
    expect((await ledger(other.id)).rows).toBe(0);

    await purchase(open.id, 200, {}, companyActor(companyB));
    const mine = await s.call(RPC.credits.partnerTransactions, { search: tag }, { actor: a });
    expect(mine.items.map((t) => t.amount).sort()).toEqual([300, 700]);
    expect(mine.items.every((t) => t.partnerId === companyA)).toBe(true);
    const all = await s.call(RPC.credits.transactions, { search: tag });
    expect(all.items).toHaveLength(3);
    const forCredit = await s.call(RPC.credits.transactions, { creditId: open.id });
    expect(forCredit.total).toBe(2);
  });

  it("the partner cards count spendable credits, today's transactions and this month's non-voided sales", async () => {
    const p = (await s.call(RPC.partners.create, { name: `Cards ${randomUUID().slice(0, 6)}` })).id;
    const actor = companyActor(p);
    const empty = await s.call(RPC.credits.summary, {}, { actor });
    expect(empty).toMatchObject({ todayTransactions: 0, monthSales: 0, pending: 0 });
    const credit = await createCredit({ partnerId: p, totalAmount: 2_000 });
    const spent = await createCredit({ partnerId: p, totalAmount: 500 });
    const t1 = await purchase(credit.id, 400, {}, actor);
    await purchase(credit.id, 600, {}, actor);
    await purchase(spent.id, 500, {}, actor);
    await s.call(RPC.credits.voidTransaction, { id: t1.transaction.id, reason: 'test' });
    const cards = await s.call(RPC.credits.summary, {}, { actor });
    expect(cards).toEqual({
      activeAthletes: empty.activeAthletes + 1,
      todayTransactions: 3,
      monthSales: 1_100,
      pending: 0,
    });
    const page = await s.call(RPC.credits.partnerTransactions, {}, { actor });
    expect(page.total).toBe(3);
  });
});
