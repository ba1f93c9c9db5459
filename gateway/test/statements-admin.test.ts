import type { DomainEvent, EventName } from '@avpass/contracts';
import { eventSubject } from '@avpass/platform';
import { JSONCodec, connect } from 'nats';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 39: the administrator's statements over HTTP: the list sorted on the server, and a payment
// recorded once per Idempotency-Key. Each test makes its own month, so none depends on another.
let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'statements'] });
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

/** Partners with one charge each (cents) in `period`, issued; resolves to them, in `amounts` order. */
async function issuedMonth(period: string, amounts: number[]) {
  const shops = [];
  for (const [i, amount] of amounts.entries())
    shops.push({ ...(await createPartnerWithUser(h, `Sorted ${period} ${i}`)), amount });
  const nc = await connect({ servers: h.env.NATS_URL! });
  const publish = async <N extends EventName>(name: N, payload: DomainEvent<N>['payload']) => {
    const envelope = { id: randomUUID(), name, occurredAt: new Date().toISOString(), payload };
    await nc.jetstream().publish(eventSubject(h.env.NATS_NAMESPACE!, name), JSONCodec().encode(envelope));
  };
  for (const shop of shops)
    await publish('credits.transaction.recorded.v1', {
      transactionId: randomUUID(),
      creditId: randomUUID(),
      partnerId: shop.companyId,
      transactionType: 'service',
      amount: shop.amount,
      balanceAfter: 0,
      recordedAt: `${period}-10T18:00:00Z`,
    });
  await nc.drain();
  const range = `from=${period}-01&to=${period}-28`;
  for (const shop of shops)
    await expect
      .poll(
        async () =>
          (await h.api(`/api/statements/preview?partnerId=${shop.companyId}&${range}`, { token: admin })).body
            .totals?.netCents,
        { timeout: 20_000 },
      )
      .toBe(shop.amount);
  const issued = await h.api('/api/statements/issue', {
    method: 'POST',
    token: admin,
    headers: { 'idempotency-key': randomUUID() },
    json: { period },
  });
  expect(issued.body).toMatchObject({ issued: amounts.length });
  return shops;
}

describe('the administrator’s statements list', () => {
  it('sorts on the server by net, page after page; refuses an unknown sort; a partner sees its own', async () => {
    const shops = await issuedMonth('2025-04', [700, 12_000, 50, 3000]);
    const byNet = async (order: string, limit: number) => {
      const names: string[] = [];
      let cursor = '';
      for (let i = 0; i < 10; i++) {
        const res = await h.api(
          `/api/statements?period=2025-04&sort=net&order=${order}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
          { token: admin },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        names.push(...res.body.items.map((s: { partnerName: string }) => s.partnerName));
        if (!res.body.nextCursor) return names;
        cursor = encodeURIComponent(res.body.nextCursor);
      }
      throw new Error('more pages than statements');
    };
    const most = [1, 3, 0, 2].map((i) => `Sorted 2025-04 ${i}`);
    expect(await byNet('desc', 3)).toEqual(most);
    expect(await byNet('asc', 1)).toEqual([...most].reverse());

    const bad = await h.api('/api/statements?sort=partner', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.sort).toEqual([
      'sort must be one of issuedAt, status, clubOwes, partnerOwes, net',
    ]);
    const first = await h.api('/api/statements?period=2025-04&sort=net&limit=1', { token: admin });
    const mixed = await h.api(
      `/api/statements?period=2025-04&sort=status&limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { token: admin },
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors.cursor).toEqual([
      'cursor belongs to another sort order; start again from the first page',
    ]);

    expect((await h.api('/api/statements?sort=net')).status).toBe(401);
    const own = await h.api('/api/statements?sort=net&order=asc', { token: shops[0]!.token });
    expect(own.body.items.map((s: { partnerId: string }) => s.partnerId)).toEqual([shops[0]!.companyId]);
  });
});

describe('marking a statement paid', () => {
  it('records the payment once per Idempotency-Key; the same key with another body is a 409', async () => {
    const [shop] = await issuedMonth('2025-03', [4200]);
    const [statement] = (await h.api('/api/statements?period=2025-03', { token: admin })).body.items;
    const key = randomUUID();
    const pay = (
      json: unknown,
      headers: Record<string, string> = { 'idempotency-key': key },
      token = admin,
    ) => h.api(`/api/statements/${statement.id}/paid`, { method: 'POST', token, headers, json });
    const body = { paidAt: '2025-04-05', reference: 'ACH 0405-1' };

    const first = await pay(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'paid', paidAt: '2025-04-05', paidReference: 'ACH 0405-1' });
    const replay = await pay(body);
    expect(replay).toMatchObject({ status: 200, body: first.body });
    const other = await pay({ ...body, reference: 'ACH 0405-2' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(
      'This Idempotency-Key was already used for a different request; send a new key for a new request',
    );
    // Without the key, or under a new one, it is another payment: refused, the statement is paid.
    const again = await pay(body, { 'idempotency-key': randomUUID() });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/only an issued or approved statement can be marked paid/);
    const badKey = await pay(body, { 'idempotency-key': 'has space' });
    expect(badKey.status).toBe(400);
    expect(JSON.stringify(badKey.body)).toContain('Idempotency-Key must be 1-200 visible ASCII characters');

    // Refusals: a visitor 401, a partner 403 (its own statement too), an unknown statement 404.
    expect((await h.api(`/api/statements/${statement.id}/paid`, { method: 'POST', json: body })).status).toBe(
      401,
    );
    expect((await pay(body, { 'idempotency-key': randomUUID() }, shop!.token)).status).toBe(403);
    const unknown = await h.api(`/api/statements/${randomUUID()}/paid`, {
      method: 'POST',
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
      json: body,
    });
    expect(unknown.status).toBe(404);
    const invalid = await pay({ paidAt: '2025-02-30', reference: '' }, { 'idempotency-key': randomUUID() });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toMatchObject({
      paidAt: ['paidAt must be a date (YYYY-MM-DD)'],
      reference: ['A payment reference is required'],
    });
  });
});

describe("re-sending a month's failed e-mails", () => {
  it('answers the administrator (nothing failed: nothing re-sent), refuses visitors, partners and a bad month', async () => {
    const shop = await createPartnerWithUser(h, 'Resend Bikes');
    const resend = (json: unknown, token?: string) =>
      h.api('/api/statements/resend', { method: 'POST', token, json });
    expect((await resend({ period: '2025-04' })).status).toBe(401);
    expect((await resend({ period: '2025-04' }, shop.token)).status).toBe(403);
    const bad = await resend({ period: '2025-4' }, admin);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('period must be a month (YYYY-MM)');
    expect((await resend({}, admin)).status).toBe(400);
    const ok = await resend({ period: '2025-04' }, admin);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ period: '2025-04', retried: 0, statements: 0 });
  });
});
