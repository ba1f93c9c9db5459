import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

/**
 * GET /api/credits/spendable-athletes: the partner's "Athlete name" type-ahead (issue 27). Only
 * credits the caller may process and can spend today, by name A-Z, keyset-paged.
 */
let h: Harness;
let admin: string;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;
/** A run-unique word in every athlete name here, so searches see only this file's credits. */
const tag = `Zq${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'credits'] });
  admin = await h.adminToken();
  companyA = await createPartnerWithUser(h, 'Typeahead Shop A');
  companyB = await createPartnerWithUser(h, 'Typeahead Shop B');
});
afterAll(async () => h?.close());

async function credit(athleteName: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await h.api('/api/athlete-credits', {
    method: 'POST',
    token: admin,
    json: {
      athleteName,
      athleteRole: 'athlete',
      totalAmount: 5_000,
      duration: 12,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      ...extra,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

type Item = { id: string; athleteName: string; currentBalance: number };
const names = (body: { items: Item[] }) => body.items.map((i) => i.athleteName);

describe('the athlete type-ahead', () => {
  let ownA: string;
  let unassigned: string;
  let spent: string;
  let ownB: string;

  beforeAll(async () => {
    // Created out of order: the answer is by name.
    ownA = await credit(`${tag} Morgan Ash`, { partnerId: companyA.companyId });
    unassigned = await credit(`${tag} alex Birch`);
    ownB = await credit(`${tag} Casey Cedar`, { partnerId: companyB.companyId });
    spent = await credit(`${tag} Dana Elm`, { partnerId: companyA.companyId, totalAmount: 1_000 });
    const spend = await h.api(`/api/credits/${spent}/transactions`, {
      method: 'POST',
      token: companyA.token,
      json: { transactionType: 'purchase', description: 'All of it', amount: 1_000 },
    });
    expect(spend.status).toBe(201);
    await credit(`${tag} Eli Fir`, {
      partnerId: companyA.companyId,
      startDate: '2020-01-01',
      endDate: '2020-12-31',
    });
    const gone = await credit(`${tag} Fay Gum`, { partnerId: companyA.companyId });
    expect((await h.api(`/api/athlete-credits/${gone}`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
  });

  it('a company finds its own and unassigned athletes with money to spend, by name A-Z, never another company’s', async () => {
    const a = await h.api(`/api/credits/spendable-athletes?search=${encodeURIComponent(tag)}`, {
      token: companyA.token,
    });
    expect(a.status).toBe(200);
    // Not B's, not the spent one, not the expired one, not the deleted one.
    expect(names(a.body)).toEqual([`${tag} alex Birch`, `${tag} Morgan Ash`]);
    expect(a.body.items.map((i: Item) => i.id)).toEqual([unassigned, ownA]);
    expect(a.body.items[1]).toMatchObject({ currentBalance: 5_000, status: 'active' });
    expect(a.body.nextCursor).toBeNull();

    const typed = await h.api(`/api/credits/spendable-athletes?search=${encodeURIComponent(`${tag} MORG`)}`, {
      token: companyA.token,
    });
    expect(names(typed.body)).toEqual([`${tag} Morgan Ash`]);

    // Company B: its own and the unassigned one; searching for A's athlete finds nothing.
    const b = await h.api(`/api/credits/spendable-athletes?search=${encodeURIComponent(tag)}`, {
      token: companyB.token,
    });
    expect(b.body.items.map((i: Item) => i.id)).toEqual([unassigned, ownB]);
    const other = await h.api(
      `/api/credits/spendable-athletes?search=${encodeURIComponent(`${tag} Morgan`)}`,
      {
        token: companyB.token,
      },
    );
    expect(other).toMatchObject({ status: 200, body: { items: [], nextCursor: null } });

    // The administrator processes every credit.
    const all = await h.api(`/api/credits/spendable-athletes?search=${encodeURIComponent(tag)}`, {
      token: admin,
    });
    expect(names(all.body)).toEqual([`${tag} alex Birch`, `${tag} Casey Cedar`, `${tag} Morgan Ash`]);
  });

  it('pages by keyset: limit, then the cursor continues after the last name', async () => {
    const first = await h.api(`/api/credits/spendable-athletes?search=${encodeURIComponent(tag)}&limit=2`, {
      token: admin,
    });
    expect(names(first.body)).toEqual([`${tag} alex Birch`, `${tag} Casey Cedar`]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const next = await h.api(
      `/api/credits/spendable-athletes?search=${encodeURIComponent(tag)}&limit=2&cursor=${first.body.nextCursor}`,
      { token: admin },
    );
    expect(names(next.body)).toEqual([`${tag} Morgan Ash`]);
    expect(next.body.nextCursor).toBeNull();
  });

  it('refuses a bad query with a 400 that says what is wrong', async () => {
    const cases: [string, string, string][] = [
      ['limit=0', 'limit', 'limit must be at least 1'],
      ['limit=51', 'limit', 'limit must be at most 50'],
      ['limit=two', 'limit', 'limit'],
      [`search=${'x'.repeat(101)}`, 'search', 'search must be at most 100 characters'],
      ['cursor=not-a-cursor', 'cursor', 'cursor is not valid; start again from the first page'],
    ];
    for (const [query, field, message] of cases) {
      const res = await h.api(`/api/credits/spendable-athletes?${query}`, { token: companyA.token });
      expect(res.status, query).toBe(400);
      expect(res.body.errors[field]?.[0], query).toContain(message);
    }
  });

  it('is for signed-in users only: anonymous is 401, a bad token 401', async () => {
    expect((await h.api('/api/credits/spendable-athletes')).status).toBe(401);
    expect((await h.api('/api/credits/spendable-athletes', { token: 'not-a-token' })).status).toBe(401);
  });
});
