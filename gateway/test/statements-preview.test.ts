import type { DomainEvent, EventName } from '@avpass/contracts';
import { addDays, businessDayOf } from '@avpass/domain';
import { eventSubject } from '@avpass/platform';
import { JSONCodec, connect } from 'nats';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 39: the statements service's ledger, fed by the credits and inventory events, and the live
// preview of a partner's figures over HTTP. Each test makes its own partners, so none depends on another.
let h: Harness;
let admin: string;
const today = businessDayOf(new Date(), process.env.BUSINESS_TIMEZONE ?? 'America/Los_Angeles');
const range = `from=${addDays(today, -1)}&to=${addDays(today, 1)}`;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers', 'credits', 'inventory', 'statements'] });
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

async function ok(path: string, init: Parameters<Harness['api']>[1]) {
  const res = await h.api(path, init);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('the live preview of a partner statement', () => {
  it('sums the credit charges less voids and the merchandise used, from the services’ events', async () => {
    const shop = await createPartnerWithUser(h, 'Preview Bikes');
    const other = await createPartnerWithUser(h, 'Preview Other');
    const credit = await ok('/api/athlete-credits', {
      method: 'POST',
      token: admin,
      json: {
        athleteName: 'Statement Athlete',
        athleteRole: 'athlete',
        totalAmount: 20_000,
        duration: 12,
        startDate: '2026-01-01',
        endDate: '2099-12-31',
        partnerId: shop.companyId,
      },
    });
    const charge = (amount: number) =>
      ok(`/api/credits/${credit.id}/transactions`, {
        method: 'POST',
        token: shop.token,
        headers: { 'idempotency-key': randomUUID() },
        json: { description: 'Tune-up', amount, transactionType: 'service' },
      });
    const first = await charge(1500);
    await charge(2500);
    await ok(`/api/credit-transactions/${first.transaction.id}/void`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Returned' },
    });

    const fd = new FormData();
    for (const [k, v] of Object.entries({
      name: 'Club Jersey',
      sku: `JRS-${randomUUID().slice(0, 6)}`,
      category: 'shirts',
      price: '40',
      sizes: 'M',
    }))
      fd.append(k, v);
    const item = await ok('/api/merch-items', { method: 'POST', token: admin, body: fd });
    const line = await ok('/api/inventory', {
      method: 'POST',
      token: admin,
      json: { merchItemId: item.id, size: 'M', totalQuantity: 20, minStockLevel: 0 },
    });
    const allocation = await ok('/api/partner-allocations', {
      method: 'POST',
      token: admin,
      json: { partnerId: shop.companyId, merchInventoryId: line.id, quantity: 10, price: 1500 },
    });
    for (const usedQuantity of [4, 3])
      await ok(`/api/partner-allocations/${allocation.id}`, {
        method: 'PUT',
        token: shop.token,
        json: { usedQuantity },
      });

    const expected = {
      credits: { charges: 2, chargedCents: 4000, voids: 1, voidedCents: 1500, netCents: 2500 },
      merchandise: { units: 3, amountCents: 4500, more: 0 },
      totals: { clubOwesCents: 2500, partnerOwesCents: 4500, netCents: -2000 },
    };
    await expect
      .poll(
        async () =>
          (await h.api(`/api/statements/preview?partnerId=${shop.companyId}&${range}`, { token: admin }))
            .body,
        {
          timeout: 20_000,
        },
      )
      .toMatchObject(expected);
    const own = await h.api(`/api/statements/preview?${range}`, { token: shop.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ ...expected, partnerId: shop.companyId });
    expect(own.body.merchandise.lines).toEqual([
      { subjectId: line.id, label: expect.stringContaining('Club Jersey'), units: 3, amountCents: 4500 },
    ]);
    expect(own.body.vouchers).toMatchObject({ lines: [], redemptions: 0, clubFundedCents: 0 });

    // Another partner's figures are its own (none), and the range decides: the day before has nothing.
    expect((await h.api(`/api/statements/preview?${range}`, { token: other.token })).body.totals).toEqual({
      clubOwesCents: 0,
      partnerOwesCents: 0,
      netCents: 0,
    });
    const before = addDays(today, -2);
    const earlier = await h.api(
      `/api/statements/preview?partnerId=${shop.companyId}&from=${before}&to=${before}`,
      { token: admin },
    );
    expect(earlier.body.totals.netCents).toBe(0);
  });

  it('counts a club-funded redemption at the till, titled by its code, and its cancel', async () => {
    const other = await createPartnerWithUser(h, 'Till Partner');
    const code = await ok('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        partnerId: other.companyId,
        customTitle: 'Spring Tune-up',
        discountType: 'percentage',
        discountValue: 20,
        service: 'Tune-up',
        expirationDate: '2099-12-31',
        usageLimit: 'unlimited',
        fundedBy: 'club',
      },
    });
    const till = (transactionAmount: number) =>
      ok('/api/till/redeem', {
        method: 'POST',
        token: other.token,
        json: { code: code.id, transactionAmount },
      });
    await till(5000);
    const second = await till(2500);
    const preview = () => h.api(`/api/statements/preview?${range}`, { token: other.token });
    await expect.poll(async () => (await preview()).body.vouchers?.redemptions, { timeout: 20_000 }).toBe(2);
    expect((await preview()).body.vouchers.lines).toEqual([
      expect.objectContaining({
        subjectType: 'voucher',
        label: `Spring Tune-up · code ${code.id.slice(0, 8)}`,
        redemptions: 2,
        salesCents: 7500,
        discountCents: 1500,
        clubFundedCents: 1500,
        partnerFundedCents: 0,
      }),
    ]);
    const undo = await h.api(`/api/redemptions/${second.redemption.id}/cancel`, {
      method: 'POST',
      token: other.token,
      json: { reason: 'Rang up twice' },
    });
    expect(undo.status, JSON.stringify(undo.body)).toBeLessThan(300);
    await expect
      .poll(async () => (await preview()).body.totals?.clubOwesCents, { timeout: 20_000 })
      .toBe(1000);
    expect((await preview()).body.vouchers.lines[0]).toMatchObject({
      label: `Spring Tune-up · code ${code.id.slice(0, 8)}`,
      redemptions: 1,
    });
  });

  it('refuses visitors, other partners and bad ranges with a clear message', async () => {
    const shop = await createPartnerWithUser(h, 'Refused Bikes');
    const other = await createPartnerWithUser(h, 'Refused Other');
    expect((await h.api(`/api/statements/preview?${range}`)).status).toBe(401);
    const foreign = await h.api(`/api/statements/preview?partnerId=${shop.companyId}&${range}`, {
      token: other.token,
    });
    expect(foreign).toMatchObject({
      status: 403,
      body: { message: 'You can only see your own company’s statements' },
    });
    const cases: [string, string, string][] = [
      [`${range}`, 'partnerId', 'partnerId is required'],
      [`partnerId=x&${range}`, 'partnerId', 'Not a valid id'],
      [`partnerId=${shop.companyId}&to=${today}`, 'from', 'from is required (YYYY-MM-DD)'],
      [`partnerId=${shop.companyId}&from=2026-02-30&to=${today}`, 'from', 'from must be a date (YYYY-MM-DD)'],
      [
        `partnerId=${shop.companyId}&from=${today}&to=${addDays(today, -1)}`,
        'to',
        'from must be on or before to',
      ],
      [
        `partnerId=${shop.companyId}&from=2024-01-01&to=2025-06-01`,
        'to',
        'A preview covers at most 367 days',
      ],
    ];
    for (const [query, field, message] of cases) {
      const res = await h.api(`/api/statements/preview?${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[field] ?? [res.body.message], query).toContain(message);
    }
  });
});

describe('the statements routes', () => {
  it('refuse visitors (401), the wrong role (403), and answer 404 for another partner’s statement', async () => {
    const shop = await createPartnerWithUser(h, 'Routes Bikes');
    const id = randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/statements'],
      ['GET', `/api/statements/${id}`],
      ['POST', '/api/statements/issue', { period: '2025-11' }],
      ['POST', `/api/statements/${id}/approve`],
      ['POST', `/api/statements/${id}/dispute`, { reason: 'x' }],
      ['POST', `/api/statements/${id}/resolve`, { reason: 'x' }],
      ['POST', `/api/statements/${id}/paid`, { paidAt: '2026-01-01', reference: 'x' }],
      ['GET', `/api/statements/${id}/deliveries`],
      ['POST', `/api/statements/${id}/resend`],
      ['GET', '/api/statements/totals?period=2025-11'],
      ['GET', '/api/statements/payouts.csv?period=2025-11'],
    ];
    for (const [method, path, json] of routes)
      expect((await h.api(path, { method, json })).status, `${method} ${path}`).toBe(401);
    for (const [method, path, json] of routes.filter(([, p]) =>
      /issue|resolve|paid|deliveries|resend/.test(p),
    ))
      expect((await h.api(path, { method, json, token: shop.token })).status, `${method} ${path}`).toBe(403);
    for (const [method, path, json] of routes.filter(([, p]) => /approve|dispute/.test(p)))
      expect((await h.api(path, { method, json, token: admin })).status, `${method} ${path}`).toBe(403);
    // Nothing issued for a month without rows; an unknown statement is a 404 for both roles.
    expect(
      await h.api('/api/statements/issue', { method: 'POST', token: admin, json: { period: '2020-01' } }),
    ).toMatchObject({
      status: 200,
      body: { period: '2020-01', issued: 0, alreadyIssued: 0 },
    });
    expect((await h.api(`/api/statements/${id}`, { token: shop.token })).status).toBe(404);
    expect((await h.api(`/api/statements/${id}/approve`, { method: 'POST', token: shop.token })).status).toBe(
      404,
    );
    expect((await h.api('/api/statements?status=lost', { token: admin })).status).toBe(400);
    expect((await h.api('/api/statements?period=2025-13', { token: admin })).body.errors.period).toEqual([
      'period must be a month (YYYY-MM)',
    ]);
    expect((await h.api('/api/statements', { token: shop.token })).body).toEqual({
      items: [],
      nextCursor: null,
    });
  });
});

describe('a statement’s documents', () => {
  it('the PDF and the CSV, named by partner and period, with formula cells neutralised; another’s is a 404', async () => {
    const shop = await createPartnerWithUser(h, 'Statement Bikes');
    const other = await createPartnerWithUser(h, 'Statement Other');
    // The payout export names a partner by its legal name; one without names it by its name.
    const legal = await h.api(`/api/vendors/${shop.companyId}`, {
      method: 'PATCH',
      token: admin,
      json: { legalName: ' Statement Bikes, LLC ' },
    });
    expect(legal.body).toMatchObject({ name: 'Statement Bikes', legalName: 'Statement Bikes, LLC' });
    const nc = await connect({ servers: h.env.NATS_URL! });
    const publish = async <N extends EventName>(name: N, payload: DomainEvent<N>['payload']) => {
      const envelope = { id: randomUUID(), name, occurredAt: new Date().toISOString(), payload };
      await nc.jetstream().publish(eventSubject(h.env.NATS_NAMESPACE!, name), JSONCodec().encode(envelope));
    };
    await publish('credits.transaction.recorded.v1', {
      transactionId: randomUUID(),
      creditId: randomUUID(),
      partnerId: shop.companyId,
      transactionType: 'service',
      amount: 1250,
      balanceAfter: 0,
      recordedAt: '2025-09-10T18:00:00Z',
    });
    await publish('credits.transaction.recorded.v1', {
      transactionId: randomUUID(),
      creditId: randomUUID(),
      partnerId: other.companyId,
      transactionType: 'service',
      amount: 300,
      balanceAfter: 0,
      recordedAt: '2025-09-12T18:00:00Z',
    });
    await publish('inventory.allocation.usage-reported.v1', {
      reportId: randomUUID(),
      allocationId: randomUUID(),
      partnerId: shop.companyId,
      merchInventoryId: randomUUID(),
      merchItemId: randomUUID(),
      itemName: '=HYPERLINK("http://x")',
      sku: 'EVIL-1',
      size: 'M',
      color: null,
      quantityDelta: 1,
      usedQuantity: 1,
      unitPriceCents: 2000,
      reportedAt: '2025-09-11T18:00:00Z',
    });
    await nc.drain();
    await expect
      .poll(
        async () =>
          (
            await h.api(`/api/statements/preview?partnerId=${shop.companyId}&from=2025-09-01&to=2025-09-30`, {
              token: admin,
            })
          ).body.totals?.netCents,
        { timeout: 20_000 },
      )
      .toBe(-750);
    await expect
      .poll(
        async () =>
          (
            await h.api(
              `/api/statements/preview?partnerId=${other.companyId}&from=2025-09-01&to=2025-09-30`,
              {
                token: admin,
              },
            )
          ).body.totals?.netCents,
        { timeout: 20_000 },
      )
      .toBe(300);
    const issued = await h.api('/api/statements/issue', {
      method: 'POST',
      token: admin,
      headers: { 'idempotency-key': randomUUID() },
      json: { period: '2025-09' },
    });
    expect(issued.body).toMatchObject({ issued: 2 });
    const [statement] = (await h.api('/api/statements?period=2025-09', { token: shop.token })).body.items;
    expect(statement).toMatchObject({ partnerName: 'Statement Bikes', netCents: -750, status: 'issued' });

    const pdf = await fetch(`${h.url}/api/statements/${statement.id}/pdf`, {
      headers: { authorization: `Bearer ${shop.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('avpass-statement-Statement-Bikes-2025-09.pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Issue 42: in ?language=, else the browser's Accept-Language; anything but en or es is a 400.
    const pdfIn = async (query: string, acceptLanguage?: string) => {
      const res = await fetch(`${h.url}/api/statements/${statement.id}/pdf${query}`, {
        headers: {
          authorization: `Bearer ${shop.token}`,
          ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
        },
      });
      expect(res.status).toBe(200);
      const path = join(h.dataDir, `${randomUUID()}.pdf`);
      await writeFile(path, Buffer.from(await res.arrayBuffer()));
      return (await promisify(execFile)('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ');
    };
    expect(await pdfIn('?language=es')).toContain('Estado de cuenta del socio comercial');
    expect(await pdfIn('', 'es-MX,es;q=0.9,en;q=0.5')).toContain('septiembre de 2025');
    expect(await pdfIn('?language=en', 'es')).toContain('Partner statement');
    expect(await pdfIn('', 'fr')).toContain('September 2025');
    const french = await h.api(`/api/statements/${statement.id}/pdf?language=fr`, { token: shop.token });
    expect(french.status).toBe(400);
    expect(french.body).toMatchObject({ message: 'Language must be en or es', code: 'language.invalid' });

    const csv = await fetch(`${h.url}/api/statements/${statement.id}/csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('avpass-statement-Statement-Bikes-2025-09.csv');
    const rows = (await csv.text())
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toMatch(/^Partner,Period,Revision,Status,Section,Description,Quantity/);
    expect(rows.slice(1)).toEqual([
      expect.stringMatching(
        /^Statement Bikes,2025-09,1,issued,credits,Athlete credit [0-9a-f]{8},1,0,0,0,0,12\.5,0,0$/,
      ),
      `Statement Bikes,2025-09,1,issued,merchandise,"'=HYPERLINK(""http://x"") · EVIL-1 · M",1,0,0,0,0,0,20,0`,
    ]);
    const payouts = await fetch(`${h.url}/api/statements/payouts.csv?period=2025-09`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(payouts.headers.get('content-disposition')).toContain('avpass-payouts-2025-09.csv');
    const [otherStatement] = (await h.api('/api/statements?period=2025-09', { token: other.token })).body
      .items;
    const [header, ...payoutRows] = (await payouts.text())
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'Partner,Legal name,Partner ID,Period,Revision,Status,Club pays (USD),Partner pays (USD),Paid on,Reference,Statement ID',
    );
    expect(payoutRows.sort()).toEqual([
      `Statement Bikes,"Statement Bikes, LLC",${shop.companyId},2025-09,1,issued,0,7.5,,,${statement.id}`,
      `Statement Other,Statement Other,${other.companyId},2025-09,1,issued,3,0,,,${otherStatement.id}`,
    ]);
    expect((await h.api('/api/statements/payouts.csv?period=2025-09', { token: shop.token })).status).toBe(
      403,
    );
    expect((await h.api(`/api/statements/${statement.id}/pdf`, { token: other.token })).status).toBe(404);
    expect((await h.api(`/api/statements/${statement.id}/csv`, { token: other.token })).status).toBe(404);
  });
});
