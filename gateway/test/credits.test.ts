import { CREDIT_REFUSALS } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'credits'] });
  admin = await h.adminToken();
  companyA = await createPartnerWithUser(h, 'Credit Shop A');
  companyB = await createPartnerWithUser(h, 'Credit Shop B');
});
afterAll(async () => h?.close());

const newCredit = async (extra: Record<string, unknown> = {}) => {
  const res = await h.api('/api/athlete-credits', {
    method: 'POST',
    token: admin,
    json: {
      athleteName: 'Casey Trail',
      athleteRole: 'athlete',
      totalAmount: 20_000,
      duration: 12,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
      ...extra,
    },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; monthlyAmount: number; currentBalance: number };
};

describe('credits over HTTP', () => {
  it('the administrator creates, lists and deletes credits', async () => {
    const credit = await newCredit({ partnerId: companyA.companyId });
    expect(credit).toMatchObject({ monthlyAmount: 1_667, currentBalance: 20_000 });
    const list = await h.api('/api/athlete-credits?search=Casey&limit=5', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      id: credit.id,
      partnerName: 'Credit Shop A',
      status: 'active',
    });
    const bad = await h.api('/api/athlete-credits', {
      method: 'POST',
      token: admin,
      json: { totalAmount: 5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.athleteName).toEqual(['Athlete name is required']);
    const removed = await h.api(`/api/athlete-credits/${credit.id}`, { method: 'DELETE', token: admin });
    expect(removed).toMatchObject({ status: 200, body: { outcome: 'deleted' } });
    expect(
      (await h.api(`/api/athlete-credits/${credit.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(404);
    expect((await h.api('/api/athlete-credits/not-a-uuid', { method: 'DELETE', token: admin })).status).toBe(
      400,
    );
  });

  it('anonymous is 401 and a company is 403 on every administrator route', async () => {
    const id = randomUUID();
    const adminRoutes: [string, string, unknown?][] = [
      ['GET', '/api/athlete-credits'],
      ['POST', '/api/athlete-credits', {}],
      ['DELETE', `/api/athlete-credits/${id}`],
      ['GET', '/api/credit-transactions'],
      ['POST', '/api/credit-transactions', {}],
      ['POST', `/api/credit-transactions/${id}/void`, { reason: 'x' }],
    ];
    for (const [method, path, json] of adminRoutes) {
      expect((await h.api(path, { method, json })).status, `${method} ${path}`).toBe(401);
      expect((await h.api(path, { method, json, token: companyA.token })).status, `${method} ${path}`).toBe(
        403,
      );
    }
    for (const path of [
      '/api/partner-athlete-credits',
      '/api/credits/partner-transactions',
      '/api/credits/partner-summary',
    ]) {
      expect((await h.api(path)).status).toBe(401);
      expect((await h.api(path, { token: companyA.token })).status).toBe(200);
    }
    expect((await h.api(`/api/credits/${id}/transactions`, { method: 'POST', json: {} })).status).toBe(401);
  });

  it('a till records with its own company (placeholders ignored), retries with Idempotency-Key once, and 409s with the reason', async () => {
    const credit = await newCredit({ totalAmount: 3_000 });
    const body = {
      transactionType: 'purchase',
      description: 'Trail shoes',
      amount: 2_000,
      notes: 'till 2',
      partnerId: 'partner-placeholder',
      partnerName: 'Partner Store',
    };
    const headers = { 'idempotency-key': `till-${randomUUID()}` };
    const first = await h.api(`/api/credits/${credit.id}/transactions`, {
      method: 'POST',
      token: companyA.token,
      headers,
      json: body,
    });
    expect(first.status).toBe(201);
    expect(first.body.transaction).toMatchObject({
      partnerId: companyA.companyId,
      partnerName: 'Credit Shop A',
      balanceAfter: 1_000,
    });
    const retry = await h.api(`/api/credits/${credit.id}/transactions`, {
      method: 'POST',
      token: companyA.token,
      headers,
      json: body,
    });
    expect(retry.status).toBe(201);
    expect(retry.body.transaction.id).toBe(first.body.transaction.id);
    const over = await h.api(`/api/credits/${credit.id}/transactions`, {
      method: 'POST',
      token: companyA.token,
      json: body,
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain(CREDIT_REFUSALS.insufficient);
    const zero = await h.api(`/api/credits/${credit.id}/transactions`, {
      method: 'POST',
      token: companyA.token,
      json: { ...body, amount: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.errors.amount).toEqual(['Amount must be a positive number']);

    // Company B does not see A's transaction; the administrator does, and voids it.
    const bList = await h.api('/api/credits/partner-transactions', { token: companyB.token });
    expect(bList.body.items.find((t: { id: string }) => t.id === first.body.transaction.id)).toBeUndefined();
    const aList = await h.api('/api/credits/partner-transactions', { token: companyA.token });
    expect(aList.body.items[0].id).toBe(first.body.transaction.id);
    const ledger = await h.api(`/api/credit-transactions?creditId=${credit.id}`, { token: admin });
    expect(ledger.body.total).toBe(1);

    const noReason = await h.api(`/api/credit-transactions/${first.body.transaction.id}/void`, {
      method: 'POST',
      token: admin,
      json: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const voided = await h.api(`/api/credit-transactions/${first.body.transaction.id}/void`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Returned' },
    });
    expect(voided.status).toBe(200);
    expect(voided.body.credit.currentBalance).toBe(3_000);
    const twice = await h.api(`/api/credit-transactions/${first.body.transaction.id}/void`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Returned' },
    });
    expect(twice).toMatchObject({ status: 409, body: { message: CREDIT_REFUSALS.alreadyVoided } });
  });

  it("another company's credit is 404 at the till, and the administrator's ledger records for no partner", async () => {
    const credit = await newCredit({ partnerId: companyB.companyId });
    const res = await h.api(`/api/credits/${credit.id}/transactions`, {
      method: 'POST',
      token: companyA.token,
      json: { description: 'x', amount: 100 },
    });
    expect(res.status).toBe(404);
    const ledger = await h.api('/api/credit-transactions', {
      method: 'POST',
      token: admin,
      json: { creditId: credit.id, amount: 250, description: 'Club kit', category: 'apparel' },
    });
    expect(ledger.status).toBe(201);
    expect(ledger.body.transaction).toMatchObject({
      partnerId: null,
      category: 'apparel',
      balanceAfter: 19_750,
    });
  });

  it('the athlete photo goes through the upload module', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const res = await h.api('/api/upload/athlete-photo', { method: 'POST', token: admin, body: form });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/uploads\/[a-z0-9-]+\.png$/);
    const text = new FormData();
    text.append('photo', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    const refused = await h.api('/api/upload/athlete-photo', { method: 'POST', token: admin, body: text });
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe('Only image files are allowed');
  });

  it('odd values in every field of every credits body and query are a 4xx, never a 500', async () => {
    const credit = await newCredit({ totalAmount: 1_000_000 });
    const tx = await h.api('/api/credit-transactions', {
      method: 'POST',
      token: admin,
      json: { creditId: credit.id, amount: 100, description: 'Sweep' },
    });
    const odd: unknown[] = [
      null,
      '',
      ' ',
      -1,
      0,
      1.5,
      1e20,
      'x',
      true,
      {},
      [],
      ['a'],
      '\u0000',
      'é'.repeat(3000),
    ];
    const routes: [string, string, Record<string, unknown>][] = [
      [
        'POST',
        '/api/athlete-credits',
        {
          athleteName: 'S',
          totalAmount: 100,
          duration: 12,
          startDate: '2026-01-01',
          endDate: '2027-01-01',
          partnerId: companyA.companyId,
          athleteRole: 'coach',
          notes: 'n',
          athleteImage: null,
        },
      ],
      [
        'POST',
        '/api/credit-transactions',
        {
          creditId: credit.id,
          amount: 1,
          description: 'd',
          category: 'shoes',
          reference: 'r',
          notes: 'n',
          transactionType: 'other',
        },
      ],
      [
        'POST',
        `/api/credits/${credit.id}/transactions`,
        { amount: 1, description: 'd', transactionType: 'service', notes: 'n' },
      ],
      ['POST', `/api/credit-transactions/${tx.body.transaction.id}/void`, { reason: 'r' }],
    ];
    for (const [method, path, valid] of routes) {
      for (const field of Object.keys(valid)) {
        for (const value of odd) {
          const res = await h.api(path, { method, token: admin, json: { ...valid, [field]: value } });
          expect(
            res.status,
            `${path} ${field}=${JSON.stringify(value).slice(0, 40)} → ${JSON.stringify(res.body)}`,
          ).toBeLessThan(500);
        }
      }
    }
    for (const list of [
      '/api/athlete-credits',
      '/api/credit-transactions',
      '/api/partner-athlete-credits',
      '/api/credits/partner-transactions',
    ]) {
      for (const q of [
        'limit=0',
        'limit=abc',
        'offset=-1',
        'cursor=zzz',
        'search=%25_%5C',
        'creditId=nope',
        'limit=201',
      ]) {
        const res = await h.api(`${list}?${q}`, { token: admin });
        expect(res.status, `${list}?${q} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }
    }
  }, 120_000);
});
