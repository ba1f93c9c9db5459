import { CREDIT_MESSAGES, RPC } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyActor, refusal, startCreditServices, type CreditServices } from './support/services';

// Issue 41, decision 336: an athlete credit may name its member; the member's balance is the credits
// service's answer, and the members service's erasures and merges reach the credits.

let s: CreditServices;
let company: string;
beforeAll(async () => {
  s = await startCreditServices({ members: true });
  company = (await s.call(RPC.partners.create, { name: 'Peak Sports' })).id;
});
afterAll(async () => s?.close());

const newMember = async (firstName = 'Ana', lastName = 'Ruiz') =>
  s.call(RPC.members.create, { firstName, lastName, email: `${randomUUID()}@example.com` } as never);
const createCredit = (body: Record<string, unknown> = {}) =>
  s.call(RPC.credits.create, {
    athleteName: 'Ana Ruiz',
    totalAmount: 50_000,
    duration: 12,
    startDate: '2026-01-01',
    endDate: '2099-12-31',
    ...body,
  } as never);
const memberCredits = (memberId: string) => s.call(RPC.credits.memberCredits, { memberId });
const memberIdOf = async (creditId: string) =>
  (await s.sql.query('select member_id from credits.athlete_credits where id = $1', [creditId])).rows[0]
    ?.member_id as string | null | undefined;
const eventually = async (probe: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await probe()); i++) await new Promise((r) => setTimeout(r, 100));
  expect(await probe()).toBe(true);
};

describe("a credit's member", () => {
  it('a credit made for a member names them to the administrator, and not to a partner', async () => {
    const ana = await newMember();
    const credit = await createCredit({ memberId: ana.id, partnerId: company });
    expect(credit.memberId).toBe(ana.id);
    expect(await memberIdOf(credit.id)).toBe(ana.id);
    const listed = await s.call(RPC.credits.list, { search: 'Ana Ruiz' } as never);
    expect(listed.items.find((c) => c.id === credit.id)?.memberId).toBe(ana.id);
    const partnerList = await s.call(RPC.credits.listForPartner, {} as never, {
      actor: companyActor(company),
    });
    const seen = partnerList.items.find((c) => c.id === credit.id);
    expect(seen).toBeDefined();
    expect(seen).not.toHaveProperty('memberId');
    const audit = await s.sql.query(
      `select changes from credits.audit_entries where target_id = $1 and action = 'credits.credit.created'`,
      [credit.id],
    );
    expect(JSON.stringify(audit.rows[0].changes)).toContain(ana.id);
  });

  it('an old client that sends no member gets the credit as before, naming nobody', async () => {
    const credit = await createCredit({ athleteName: 'Nobody Linked' });
    expect(credit.memberId).toBeNull();
    expect(await memberIdOf(credit.id)).toBeNull();
    expect((await createCredit({ memberId: null })).memberId).toBeNull();
  });

  it('an unknown, erased or malformed member is a 400 on memberId, and no credit is made', async () => {
    const unknown = randomUUID();
    const refused = await refusal(createCredit({ athleteName: 'Ghost Member', memberId: unknown }));
    expect(refused).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { memberId: [CREDIT_MESSAGES.memberNotFound] },
    });
    const eve = await newMember('Eve', 'Stone');
    await s.call(RPC.members.erase, { id: eve.id });
    expect(await refusal(createCredit({ athleteName: 'Ghost Member', memberId: eve.id }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { memberId: [CREDIT_MESSAGES.memberNotFound] },
    });
    expect(await refusal(createCredit({ athleteName: 'Ghost Member', memberId: 'abc' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { memberId: ['memberId must be a member id'] },
    });
    const made = await s.sql.query(
      `select count(*)::int as n from credits.athlete_credits where athlete_name = 'Ghost Member'`,
    );
    expect(made.rows[0].n).toBe(0);
  });
});

describe("a member's balance", () => {
  it('sums what is left on their active credits; expired ones are listed but count nothing', async () => {
    const ana = await newMember();
    expect(await memberCredits(ana.id)).toEqual({
      balanceCents: null,
      total: 0,
      credits: [],
      nextCursor: null,
    });
    expect(await s.call(RPC.members.memberProfile, { memberId: ana.id }, { actor: null })).toEqual({
      firstName: 'Ana',
      language: 'en',
      creditBalanceCents: null,
    });
    const first = await createCredit({ memberId: ana.id, totalAmount: 30_000 });
    const second = await createCredit({ memberId: ana.id, totalAmount: 12_345 });
    const expired = await createCredit({
      memberId: ana.id,
      totalAmount: 99_900,
      startDate: '2020-01-01',
      endDate: '2020-12-31',
    });
    await s.call(RPC.credits.recordLedger, {
      creditId: first.id,
      description: 'Running shoes',
      amount: 10_001,
      idempotencyKey: randomUUID(),
    } as never);
    const answer = await memberCredits(ana.id);
    expect(answer.balanceCents).toBe(30_000 - 10_001 + 12_345);
    expect(answer.total).toBe(3);
    expect(answer.credits.map((c) => c.id)).toEqual([expired.id, second.id, first.id]);
    expect(answer.credits.find((c) => c.id === expired.id)?.status).toBe('expired');
    expect(answer.credits.every((c) => c.memberId === ana.id)).toBe(true);
    expect(await s.call(RPC.members.memberProfile, { memberId: ana.id }, { actor: null })).toMatchObject({
      creditBalanceCents: 32_344,
    });
    // A deactivated credit (removed with a ledger) is no longer the member's.
    await s.call(RPC.credits.remove, { id: first.id, idempotencyKey: randomUUID() } as never);
    expect((await memberCredits(ana.id)).balanceCents).toBe(12_345);
  });

  it("a partner may not read a member's credits; the administrator and the members service may", async () => {
    const ana = await newMember();
    await createCredit({ memberId: ana.id });
    expect(
      await refusal(
        s.call(RPC.credits.memberCredits, { memberId: ana.id }, { actor: companyActor(company) }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      (await s.call(RPC.credits.memberCredits, { memberId: ana.id }, { actor: null })).balanceCents,
    ).toBe(50_000);
    expect(await refusal(s.call(RPC.credits.memberCredits, { memberId: 'nope' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('a member with more than a page of credits gets them all, page by page by cursor, newest first', async () => {
    const ana = await newMember();
    const made: string[] = [];
    for (let i = 0; i < 55; i += 11) {
      const batch = Array.from({ length: Math.min(11, 55 - i) }, (_, k) =>
        createCredit({ athleteName: `Ana ${i + k}`, memberId: ana.id, totalAmount: 100 }),
      );
      made.push(...(await Promise.all(batch)).map((c) => c.id));
    }
    const first = await memberCredits(ana.id);
    expect(first.credits).toHaveLength(50);
    expect(first.total).toBe(55);
    expect(first.balanceCents).toBe(5_500);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await s.call(RPC.credits.memberCredits, { memberId: ana.id, cursor: first.nextCursor! });
    expect(second.credits).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(second.total).toBe(55);
    const listed = [...first.credits, ...second.credits];
    expect(new Set(listed.map((c) => c.id))).toEqual(new Set(made));
    // Newest first across the pages, as the database orders them (created_at desc, id desc).
    const order = await s.sql.query(
      'select id from credits.athlete_credits where member_id = $1 order by created_at desc, id desc',
      [ana.id],
    );
    expect(listed.map((c) => c.id)).toEqual(order.rows.map((r) => r.id));
    // A smaller page, and what a client may not ask for.
    const small = await s.call(RPC.credits.memberCredits, { memberId: ana.id, limit: 20 });
    expect(small.credits.map((c) => c.id)).toEqual(listed.slice(0, 20).map((c) => c.id));
    expect(
      await refusal(s.call(RPC.credits.memberCredits, { memberId: ana.id, cursor: 'nope' })),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { cursor: [expect.stringContaining('cursor is not valid')] },
    });
    expect(
      await refusal(s.call(RPC.credits.memberCredits, { memberId: ana.id, limit: 201 } as never)),
    ).toMatchObject({ code: 'VALIDATION_FAILED', errors: { limit: ['limit must be at most 200'] } });
  });
});

describe("the members service's erasures and merges", () => {
  it('an erasure unlinks the credits and keeps them, their balance and their ledger', async () => {
    const eve = await newMember('Eve', 'Stone');
    const credit = await createCredit({ athleteName: 'Eve Stone', memberId: eve.id });
    await s.call(RPC.credits.recordLedger, {
      creditId: credit.id,
      description: 'Spikes',
      amount: 2_500,
      idempotencyKey: randomUUID(),
    } as never);
    await s.call(RPC.members.erase, { id: eve.id });
    await eventually(async () => (await memberIdOf(credit.id)) === null);
    const kept = await s.sql.query(
      `select c.current_balance, c.is_active, (select count(*)::int from credits.credit_transactions t where t.credit_id = c.id) as n
         from credits.athlete_credits c where c.id = $1`,
      [credit.id],
    );
    expect(kept.rows[0]).toEqual({ current_balance: 47_500, is_active: true, n: 1 });
    expect(await memberCredits(eve.id)).toEqual({
      balanceCents: null,
      total: 0,
      credits: [],
      nextCursor: null,
    });
  });

  it("a merge moves the duplicate's credits to the member it was merged into, once however often it arrives", async () => {
    const [ana, dup] = [await newMember(), await newMember()];
    const mine = await createCredit({ memberId: ana.id, totalAmount: 10_000 });
    const theirs = await createCredit({ memberId: dup.id, totalAmount: 5_000 });
    await s.call(RPC.members.merge, { id: ana.id, from: dup.id });
    await eventually(async () => (await memberIdOf(theirs.id)) === ana.id);
    expect(await memberIdOf(mine.id)).toBe(ana.id);
    expect((await memberCredits(ana.id)).balanceCents).toBe(15_000);
    // The same event delivered again, and a copy under another id: nothing changes.
    const event = (
      await s.sql.query(
        `select id, payload from members.outbox_events where name = 'members.member.merged.v1' and payload->>'fromMemberId' = $1`,
        [dup.id],
      )
    ).rows[0];
    const copy = randomUUID();
    await s.sql.query('update members.outbox_events set published_at = null where id = $1', [event.id]);
    await s.sql.query(
      `insert into members.outbox_events (id, name, payload, occurred_at) values ($1, 'members.member.merged.v1', $2, now())`,
      [copy, event.payload],
    );
    await eventually(async () => {
      const seen = await s.sql.query('select 1 from credits.processed_events where event_id = $1', [copy]);
      return seen.rows.length === 1;
    });
    expect((await memberCredits(ana.id)).balanceCents).toBe(15_000);
    expect(await memberIdOf(theirs.id)).toBe(ana.id);
  });
});
