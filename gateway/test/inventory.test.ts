import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'inventory'] });
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: '#0a7' } })
    .png()
    .toBuffer();

function form(parts: Record<string, string | { data: Buffer; name: string; type: string }>): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(parts)) {
    if (typeof value === 'string') fd.append(key, value);
    else fd.append(key, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  return fd;
}

let skuSeq = 0;
const itemFields = (extra: Record<string, string> = {}) => ({
  name: 'Club Tee',
  sku: `TEE-${++skuSeq}-${randomUUID().slice(0, 6)}`,
  category: 'shirts',
  price: '19.99',
  sizes: 'S,M',
  colors: 'Black,White',
  ...extra,
});

async function createItem(extra: Record<string, string> = {}) {
  const res = await h.api('/api/merch-items', {
    method: 'POST',
    token: admin,
    body: form(itemFields(extra)),
  });
  if (res.status !== 201) throw new Error(`create item: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; sku: string; imageUrl: string | null };
}

describe('merch items over HTTP', () => {
  it('POST multipart without an image stores the price in cents and the lists as arrays', async () => {
    const res = await h.api('/api/merch-items', {
      method: 'POST',
      token: admin,
      body: form(itemFields({ price: '24.50', tags: 'club,summer' })),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      price: 2450,
      sizes: ['S', 'M'],
      colors: ['Black', 'White'],
      tags: ['club', 'summer'],
      imageUrl: null,
    });
  });

  it('POST and PUT multipart with an image go through the upload module', async () => {
    const res = await h.api('/api/merch-items', {
      method: 'POST',
      token: admin,
      body: form({ ...itemFields(), image: { data: await png(), name: 'tee.png', type: 'image/png' } }),
    });
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const file = await fetch(`${h.url}${res.body.imageUrl}`);
    expect(file.status).toBe(200);

    const kept = await h.api(`/api/merch-items/${res.body.id}`, {
      method: 'PUT',
      token: admin,
      body: form({ ...itemFields({ sku: res.body.sku, name: 'Renamed Tee', price: '5' }) }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ name: 'Renamed Tee', price: 500, imageUrl: res.body.imageUrl });
    const replaced = await h.api(`/api/merch-items/${res.body.id}`, {
      method: 'PUT',
      token: admin,
      body: form({
        ...itemFields({ sku: res.body.sku }),
        image: { data: await png(), name: 'new.png', type: 'image/png' },
      }),
    });
    expect(replaced.body.imageUrl).not.toBe(res.body.imageUrl);

    const notImage = await h.api('/api/merch-items', {
      method: 'POST',
      token: admin,
      body: form({
        ...itemFields(),
        image: { data: Buffer.from('hello'), name: 'x.png', type: 'image/png' },
      }),
    });
    expect(notImage.status).toBe(415);
    expect(notImage.body.message).toBe('Please select an image file (PNG, JPG, JPEG).');
  });

  it('a duplicate SKU (any case) is a 409; a missing size a 400 with the message', async () => {
    const item = await createItem();
    const dup = await h.api('/api/merch-items', {
      method: 'POST',
      token: admin,
      body: form(itemFields({ sku: item.sku.toLowerCase() })),
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('An item with this SKU already exists');
    const noSize = await h.api('/api/merch-items', {
      method: 'POST',
      token: admin,
      body: form(itemFields({ sizes: '' })),
    });
    expect(noSize.status).toBe(400);
    expect(noSize.body.errors.sizes).toContain('Select at least one size');
    const json = await h.api('/api/merch-items', { method: 'POST', token: admin, json: itemFields() });
    expect(json.status).toBe(400);
  });

  it('GET lists, DELETE removes an unstocked item and refuses one with stock (409)', async () => {
    const item = await createItem({ name: 'Listed Cap', category: 'accessories' });
    const list = await h.api('/api/merch-items?search=listed%20cap&category=accessories', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { id: string }) => i.id)).toEqual([item.id]);
    expect((await h.api('/api/merch-items?limit=500', { token: admin })).status).toBe(400);
    expect((await h.api(`/api/merch-items/${item.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    const stocked = await createItem();
    await h.api('/api/inventory', {
      method: 'POST',
      token: admin,
      json: { merchItemId: stocked.id, size: 'S', totalQuantity: 3 },
    });
    const refused = await h.api(`/api/merch-items/${stocked.id}`, { method: 'DELETE', token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/cannot be deleted/);
    expect((await h.api('/api/merch-items/not-a-uuid', { method: 'DELETE', token: admin })).status).toBe(400);
  });
});

describe('inventory, allocations and usage over HTTP', () => {
  it('creates stock, restocks, allocates, reports usage and removes, with the ledger', async () => {
    const partner = await createPartnerWithUser(h, 'Inventory Shop');
    const other = await createPartnerWithUser(h, 'Other Shop');
    const item = await createItem();
    const bulk = await h.api('/api/inventory/bulk', {
      method: 'POST',
      token: admin,
      json: {
        merchItemId: item.id,
        entries: [
          { size: 'S', totalQuantity: 12, minStockLevel: 10 },
          { size: 'M', totalQuantity: 20, minStockLevel: 10 },
        ],
      },
    });
    expect(bulk.status).toBe(201);
    expect(bulk.body).toEqual({ success: true, created: 2 });
    const black = await h.api('/api/inventory', {
      method: 'POST',
      token: admin,
      json: {
        merchItemId: item.id,
        size: 'M',
        color: 'Black',
        totalQuantity: 5,
        minStockLevel: 10,
        location: 'Shelf A',
      },
    });
    expect(black.status).toBe(201);
    expect(black.body).toMatchObject({ status: 'low_stock', location: 'Shelf A' });
    const lines = await h.api(`/api/merch-items/${item.id}/inventory`, { token: admin });
    expect(lines.body.map((l: { size: string; color: string | null }) => `${l.size}/${l.color}`)).toEqual([
      'S/null',
      'M/null',
      'M/Black',
    ]);
    const m = lines.body[1];

    const restock = await h.api(`/api/inventory/${m.id}`, {
      method: 'PUT',
      token: admin,
      json: { quantity: 5 },
    });
    expect(restock.status).toBe(200);
    expect(restock.body).toMatchObject({ totalQuantity: 25, availableQuantity: 25 });
    expect(
      (await h.api(`/api/inventory/${m.id}`, { method: 'PUT', token: admin, json: { quantity: 'x' } })).body
        .errors.quantity,
    ).toContain('Quantity must be a number, not "x"');

    const alloc = await h.api('/api/partner-allocations', {
      method: 'POST',
      token: admin,
      json: {
        partnerId: partner.companyId,
        merchInventoryId: m.id,
        merchItemId: item.id,
        quantity: 10,
        price: 1500,
      },
    });
    expect(alloc.status).toBe(201);
    const tooMany = await h.api('/api/partner-allocations', {
      method: 'POST',
      token: admin,
      json: { partnerId: partner.companyId, merchInventoryId: m.id, quantity: 16 },
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Not enough stock available: 15 available, 16 requested');

    const mine = await h.api('/api/partner-allocations', { token: partner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((a: { id: string }) => a.id)).toEqual([alloc.body.id]);
    expect(mine.body.summary).toEqual({
      activeAllocations: 1,
      totalAllocated: 10,
      totalUsed: 0,
      totalValue: 15000,
    });
    expect((await h.api('/api/partner-allocations', { token: other.token })).body.items).toEqual([]);

    const over = await h.api(`/api/partner-allocations/${alloc.body.id}`, {
      method: 'PUT',
      token: partner.token,
      json: { usedQuantity: 11 },
    });
    expect(over.status).toBe(400);
    expect(over.body.errors.usedQuantity).toEqual(['Used quantity cannot exceed allocated quantity']);
    const foreign = await h.api(`/api/partner-allocations/${alloc.body.id}`, {
      method: 'PUT',
      token: other.token,
      json: { usedQuantity: 1 },
    });
    expect(foreign.status).toBe(404);
    const used = await h.api(`/api/partner-allocations/${alloc.body.id}`, {
      method: 'PUT',
      token: partner.token,
      json: { usedQuantity: 4, notes: 'Sold at the event' },
    });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ usedQuantity: 4, notes: 'Sold at the event' });

    const history = await h.api('/api/inventory-transactions', { token: partner.token });
    expect(
      history.body.items.map((t: { transactionType: string; quantity: number }) => [
        t.transactionType,
        t.quantity,
      ]),
    ).toEqual([
      ['sale', -4],
      ['allocation', -10],
    ]);
    expect((await h.api('/api/inventory-transactions', { token: other.token })).body.items).toEqual([]);

    const removed = await h.api(`/api/partner-allocations/${alloc.body.id}`, {
      method: 'DELETE',
      token: admin,
    });
    expect(removed.status).toBe(200);
    const after = await h.api(`/api/merch-items/${item.id}/inventory`, { token: admin });
    expect(after.body[1]).toMatchObject({
      totalQuantity: 25,
      availableQuantity: 21,
      allocatedQuantity: 0,
      soldQuantity: 4,
    });

    const ledger = await h.api(`/api/inventory-transactions?inventoryId=${m.id}`, { token: admin });
    expect(ledger.body.items.map((t: { transactionType: string }) => t.transactionType)).toEqual([
      'return',
      'sale',
      'allocation',
      'restock',
      'restock',
    ]);
    const summary = await h.api('/api/inventory/summary', { token: admin });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ activeAllocations: 0 });
    expect(summary.body.lowStockItems).toBeGreaterThanOrEqual(1);
  });

  it('partner staff get 403 on administrator routes and visitors 401 everywhere', async () => {
    const p = await createPartnerWithUser(h, 'Refused Merch Co');
    const id = randomUUID();
    const adminOnly = [
      ['GET', '/api/merch-items'],
      ['POST', '/api/merch-items'],
      ['PUT', `/api/merch-items/${id}`],
      ['DELETE', `/api/merch-items/${id}`],
      ['GET', `/api/merch-items/${id}/inventory`],
      ['GET', '/api/inventory/summary'],
      ['POST', '/api/inventory'],
      ['PUT', `/api/inventory/${id}`],
      ['POST', '/api/inventory/bulk'],
      ['POST', '/api/partner-allocations'],
      ['DELETE', `/api/partner-allocations/${id}`],
    ] as const;
    for (const [method, path] of adminOnly) {
      expect(
        (await h.api(path, { method, token: p.token, json: {} })).status,
        `${method} ${path} as partner`,
      ).toBe(403);
    }
    for (const [method, path] of [
      ...adminOnly,
      ['GET', '/api/inventory-transactions'],
      ['GET', '/api/partner-allocations'],
      ['PUT', `/api/partner-allocations/${id}`],
    ] as const) {
      expect((await h.api(path, { method, json: {} })).status, `${method} ${path} anonymous`).toBe(401);
    }
  });
});
