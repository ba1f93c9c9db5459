import { IDEMPOTENCY_KEY_MESSAGE } from '@avpass/contracts';
import { IDEMPOTENCY_KEY_REUSED } from '@avpass/platform';
import { TcpProxy } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 22 #2: every call that moves money, stock or a use takes an Idempotency-Key. A client whose
// answer is lost after the commit (here: a TCP proxy in front of the gateway that drops the gateway's
// reply) retries with the same key and gets the first outcome; the effect happens once.
let h: Harness;
let admin: string;
let proxy: TcpProxy;
let partner: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'inventory', 'credits', 'vouchers'] });
  admin = await h.adminToken();
  partner = await createPartnerWithUser(h, 'Idempotent Shop');
  proxy = new TcpProxy('127.0.0.1', Number(new URL(h.url).port));
  await proxy.start();
}, 180_000);
afterAll(async () => {
  await proxy?.stop();
  await h?.close();
});

const key = () => `retry-${randomUUID()}`;

interface Call {
  method: string;
  token: string;
  json?: unknown;
  key?: string;
}

/** The call reaches the gateway, which carries it out and answers; the answer never arrives. */
async function lostAnswer(path: string, call: Call): Promise<void> {
  proxy.dropReplies();
  try {
    const sent = fetch(`http://127.0.0.1:${proxy.port}${path}`, {
      method: call.method,
      headers: {
        authorization: `Bearer ${call.token}`,
        ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(call.key ? { 'idempotency-key': call.key } : {}),
      },
      ...(call.json !== undefined ? { body: JSON.stringify(call.json) } : {}),
    });
    await expect(sent).rejects.toThrow();
  } finally {
    proxy.keepReplies();
  }
}

function send(path: string, call: Call) {
  return h.api(path, {
    method: call.method,
    token: call.token,
    ...(call.json !== undefined ? { json: call.json } : {}),
    ...(call.key ? { headers: { 'idempotency-key': call.key } } : {}),
  });
}

let skuSeq = 0;
/** A merch item with one stock line of `quantity` (size M). */
async function stockLine(quantity: number): Promise<{ itemId: string; lineId: string }> {
  const fd = new FormData();
  const fields = { name: 'Retry Tee', sku: `RT-${++skuSeq}-${randomUUID().slice(0, 6)}`, category: 'shirts' };
  for (const [k, v] of Object.entries({ ...fields, price: '10', sizes: 'S,M' })) fd.append(k, v);
  const item = await h.api('/api/merch-items', { method: 'POST', token: admin, body: fd });
  expect(item.status, JSON.stringify(item.body)).toBe(201);
  const line = await h.api('/api/inventory', {
    method: 'POST',
    token: admin,
    json: { merchItemId: item.body.id, size: 'M', totalQuantity: quantity },
  });
  expect(line.status, JSON.stringify(line.body)).toBe(201);
  return { itemId: item.body.id as string, lineId: line.body.id as string };
}

async function lineOf(itemId: string) {
  const lines = await h.api(`/api/merch-items/${itemId}/inventory`, { token: admin });
  return lines.body[0] as { id: string; totalQuantity: number; availableQuantity: number };
}

async function allocationsOf(lineId: string) {
  const list = await h.api('/api/partner-allocations?limit=200', { token: admin });
  return (list.body.items as { id: string; merchInventoryId: string }[]).filter(
    (a) => a.merchInventoryId === lineId,
  );
}

async function newCredit(totalAmount = 10_000) {
  const res = await h.api('/api/athlete-credits', {
    method: 'POST',
    token: admin,
    json: {
      athleteName: `Retry ${randomUUID().slice(0, 8)}`,
      totalAmount,
      startDate: '2026-01-01',
      endDate: '2099-12-31',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; athleteName: string };
}

describe('a retry with the same Idempotency-Key after a lost answer', () => {
  it('allocates stock once and answers the first allocation (POST /api/partner-allocations)', async () => {
    const { itemId, lineId } = await stockLine(10);
    const call = {
      method: 'POST',
      token: admin,
      key: key(),
      json: { partnerId: partner.companyId, merchInventoryId: lineId, quantity: 3 },
    };
    await lostAnswer('/api/partner-allocations', call);
    const retry = await send('/api/partner-allocations', call);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    const again = await send('/api/partner-allocations', call);
    expect(again).toMatchObject({ status: 201, body: retry.body });

    const allocations = await allocationsOf(lineId);
    expect(allocations.map((a) => a.id)).toEqual([retry.body.id]);
    expect(await lineOf(itemId)).toMatchObject({ totalQuantity: 10, availableQuantity: 7 });
  });

  it('restocks once (PUT /api/inventory/{id})', async () => {
    const { itemId, lineId } = await stockLine(5);
    const call = { method: 'PUT', token: admin, key: key(), json: { quantity: 4 } };
    await lostAnswer(`/api/inventory/${lineId}`, call);
    const retry = await send(`/api/inventory/${lineId}`, call);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body).toMatchObject({ totalQuantity: 9, availableQuantity: 9 });
    expect(await lineOf(itemId)).toMatchObject({ totalQuantity: 9, availableQuantity: 9 });
  });

  it('gives an allocation back once, and the retry answers 200 rather than 404 (DELETE /api/partner-allocations/{id})', async () => {
    const { itemId, lineId } = await stockLine(10);
    const made = await send('/api/partner-allocations', {
      method: 'POST',
      token: admin,
      json: { partnerId: partner.companyId, merchInventoryId: lineId, quantity: 6 },
    });
    expect(made.status).toBe(201);
    const call = { method: 'DELETE', token: admin, key: key() };
    await lostAnswer(`/api/partner-allocations/${made.body.id}`, call);
    const retry = await send(`/api/partner-allocations/${made.body.id}`, call);
    expect(retry).toMatchObject({ status: 200, body: { message: 'Allocation removed successfully' } });
    expect(await lineOf(itemId)).toMatchObject({ availableQuantity: 10 });
  });

  it('creates one athlete credit (POST /api/athlete-credits)', async () => {
    const athleteName = `Lost Answer ${randomUUID().slice(0, 8)}`;
    const call = {
      method: 'POST',
      token: admin,
      key: key(),
      json: { athleteName, totalAmount: 5_000, startDate: '2026-01-01', endDate: '2099-12-31' },
    };
    await lostAnswer('/api/athlete-credits', call);
    const retry = await send('/api/athlete-credits', call);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    const list = await h.api(`/api/athlete-credits?search=${encodeURIComponent(athleteName)}`, {
      token: admin,
    });
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([retry.body.id]);
  });

  it('voids once and the retry gets the void, not 409 (POST /api/credit-transactions/{id}/void)', async () => {
    const credit = await newCredit(10_000);
    const charge = await send('/api/credit-transactions', {
      method: 'POST',
      token: admin,
      json: { creditId: credit.id, transactionType: 'purchase', description: 'Shoes', amount: 4_000 },
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(201);
    const path = `/api/credit-transactions/${charge.body.transaction.id}/void`;
    const call = { method: 'POST', token: admin, key: key(), json: { reason: 'Returned' } };
    await lostAnswer(path, call);
    const retry = await send(path, call);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.credit.currentBalance).toBe(10_000);
  });

  it('generates one batch (POST /api/bulk-generate)', async () => {
    const batchName = `Retry batch ${randomUUID().slice(0, 8)}`;
    const call = {
      method: 'POST',
      token: admin,
      key: key(),
      json: {
        batchName,
        facility: 'Retry Gym',
        quantity: 3,
        discountType: 'percentage',
        discountValue: 10,
        service: 'Day pass',
        expirationDate: '2099-06-30',
      },
    };
    await lostAnswer('/api/bulk-generate', call);
    const retry = await send('/api/bulk-generate', call);
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    const batches = await h.api('/api/admin/batches?limit=200', { token: admin });
    const named = (batches.body.items as { batchId: string; batchName: string }[]).filter(
      (b) => b.batchName === batchName,
    );
    expect(named.map((b) => b.batchId)).toEqual([retry.body.batchId]);
  });
});

describe('Idempotency-Key semantics', () => {
  it('10 concurrent allocations with one key allocate once and all answer the same allocation', async () => {
    const { itemId, lineId } = await stockLine(100);
    const call = {
      method: 'POST',
      token: admin,
      key: key(),
      json: { partnerId: partner.companyId, merchInventoryId: lineId, quantity: 1 },
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => send('/api/partner-allocations', call)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await allocationsOf(lineId)).length).toBe(1);
    expect(await lineOf(itemId)).toMatchObject({ availableQuantity: 99 });
  });

  it('10 concurrent credit creations with one key make one credit', async () => {
    const athleteName = `Concurrent ${randomUUID().slice(0, 8)}`;
    const call = {
      method: 'POST',
      token: admin,
      key: key(),
      json: { athleteName, totalAmount: 2_500, startDate: '2026-01-01', endDate: '2099-12-31' },
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => send('/api/athlete-credits', call)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const list = await h.api(`/api/athlete-credits?search=${encodeURIComponent(athleteName)}`, {
      token: admin,
    });
    expect(list.body.total).toBe(1);
  });

  it('the same key with a different request is a 409 that says so, and changes nothing', async () => {
    const { itemId, lineId } = await stockLine(10);
    const call = {
      method: 'POST',
      token: admin,
      key: key(),
      json: { partnerId: partner.companyId, merchInventoryId: lineId, quantity: 2 },
    };
    expect((await send('/api/partner-allocations', call)).status).toBe(201);
    const other = await send('/api/partner-allocations', { ...call, json: { ...call.json, quantity: 5 } });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(IDEMPOTENCY_KEY_REUSED);
    expect(other.body.errors).toEqual({ idempotencyKey: [IDEMPOTENCY_KEY_REUSED] });
    expect((await allocationsOf(lineId)).length).toBe(1);
    expect(await lineOf(itemId)).toMatchObject({ availableQuantity: 8 });
  });

  it("a key is the user's own: another user's same key is its own request, and each user's retry replays its own answer", async () => {
    const { lineId } = await stockLine(10);
    const made = await send('/api/partner-allocations', {
      method: 'POST',
      token: admin,
      json: { partnerId: partner.companyId, merchInventoryId: lineId, quantity: 5 },
    });
    expect(made.status).toBe(201);
    // A second portal user of the same company.
    const username = `second-${randomUUID().slice(0, 8)}`;
    const created = await h.api(`/api/partners/${partner.companyId}/users`, {
      method: 'POST',
      token: admin,
      json: { username, password: 'staff-password', email: `${username}@example.com` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const login = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username, password: 'staff-password' },
    });
    const second = login.body.token as string;

    const shared = key();
    const path = `/api/partner-allocations/${made.body.id}`;
    const mine = await send(path, {
      method: 'PUT',
      token: partner.token,
      key: shared,
      json: { usedQuantity: 2 },
    });
    expect(mine).toMatchObject({ status: 200, body: { usedQuantity: 2 } });
    // Same key, another user, another request: not the first user's answer, and no 409.
    const theirs = await send(path, { method: 'PUT', token: second, key: shared, json: { usedQuantity: 3 } });
    expect(theirs).toMatchObject({ status: 200, body: { usedQuantity: 3 } });
    // The first user's retry replays its answer and reports nothing again: the count stays at 3.
    const replay = await send(path, {
      method: 'PUT',
      token: partner.token,
      key: shared,
      json: { usedQuantity: 2 },
    });
    expect(replay).toMatchObject({ status: 200, body: mine.body });
    const now = await h.api('/api/partner-allocations', { token: partner.token });
    expect(now.body.items.find((a: { id: string }) => a.id === made.body.id)).toMatchObject({
      usedQuantity: 3,
    });
  });

  it.each([
    ['too long', 'k'.repeat(201)],
    ['with a space', 'two words'],
    ['empty', ''],
  ])('a key %s is a 400 with the rule, and nothing is allocated', async (_name, bad) => {
    const { itemId, lineId } = await stockLine(10);
    const res = await h.api('/api/partner-allocations', {
      method: 'POST',
      token: admin,
      headers: { 'idempotency-key': bad },
      json: { partnerId: partner.companyId, merchInventoryId: lineId, quantity: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(IDEMPOTENCY_KEY_MESSAGE);
    expect(res.body.errors).toEqual({ idempotencyKey: [IDEMPOTENCY_KEY_MESSAGE] });
    expect(await lineOf(itemId)).toMatchObject({ availableQuantity: 10 });
  });

  it('every route that moves money, stock or a use documents the header', async () => {
    const doc = await h.api('/api/docs/openapi.json');
    expect(doc.status).toBe(200);
    const headerOf = (path: string, method: string) =>
      (doc.body.paths[path]?.[method]?.parameters ?? []).some(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
    for (const [path, method] of [
      ['/api/partner-allocations', 'post'],
      ['/api/partner-allocations/{id}', 'put'],
      ['/api/partner-allocations/{id}', 'delete'],
      ['/api/inventory', 'post'],
      ['/api/inventory/bulk', 'post'],
      ['/api/inventory/{id}', 'put'],
      ['/api/athlete-credits', 'post'],
      ['/api/athlete-credits/{id}', 'delete'],
      ['/api/credit-transactions', 'post'],
      ['/api/credit-transactions/{id}/void', 'post'],
      ['/api/credits/{id}/transactions', 'post'],
      ['/api/generate-qr', 'post'],
      ['/api/bulk-generate', 'post'],
      ['/api/generate-trainer-qr', 'post'],
      ['/api/project-rooted-exclusives', 'post'],
      ['/api/redeem/{id}', 'post'],
      ['/api/till/redeem', 'post'],
      ['/api/redemptions/{id}/cancel', 'post'],
      ['/api/bulk-download-zip', 'post'],
    ] as const) {
      expect(headerOf(path, method), `${method.toUpperCase()} ${path}`).toBe(true);
    }
  });

  it('both redeem routes say that a redeem without an Idempotency-Key is not retry-safe (issue 37)', async () => {
    const doc = await h.api('/api/docs/openapi.json');
    for (const path of ['/api/redeem/{id}', '/api/till/redeem']) {
      const operation = doc.body.paths[path].post;
      const header = operation.parameters.find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'Idempotency-Key',
      );
      expect(header.description, path).toContain('not retry-safe');
      expect(operation.responses['503'].description, path).toContain('not retry-safe');
    }
  });
});
