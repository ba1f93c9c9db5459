import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import { allPages as walkPages, keyThenId } from './support/tables';

// Issue 27, "Tables": the inventory lists (merch items, an item's stock lines, the ledger, allocations)
// sort by their columns and filter by status (and partner) on the server, keyset-paged with a cursor
// that knows its sort; the old queries (spec §7) still work.
let h: Harness;
let admin: string;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;
/** A run-unique word in every item name here, so searches see only this file's items. */
const TAG = `It${randomUUID().slice(0, 6)}`;
const OTHER_SORT = 'cursor belongs to another sort order; start again from the first page';

type Row = { id: string } & Record<string, unknown>;

function form(parts: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(parts)) fd.append(key, value);
  return fd;
}

async function item(name: string, price: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await h.api('/api/merch-items', {
    method: 'POST',
    token: admin,
    body: form({
      name: `${TAG} ${name}`,
      sku: `${TAG}-${randomUUID().slice(0, 8)}`,
      category: 'shirts',
      price,
      sizes: 'S,M,L',
      colors: 'Black',
      ...extra,
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function line(merchItemId: string, size: string, totalQuantity: number, minStockLevel = 0) {
  const res = await h.api('/api/inventory', {
    method: 'POST',
    token: admin,
    json: { merchItemId, size, totalQuantity, minStockLevel },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function allocate(partnerId: string, merchInventoryId: string, quantity: number): Promise<string> {
  const res = await h.api('/api/partner-allocations', {
    method: 'POST',
    token: admin,
    json: { partnerId, merchInventoryId, quantity },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** Every page of a list by its cursors, `limit` at a time. */
const allPages = (path: string, token: string, limit = 2) => walkPages<Row>(h, path, token, limit, 60);

const byIdThen = keyThenId<Row>((item) => item.id);
const ids = (rows: Row[]) => rows.map((r) => r.id);

let tee: string;
const lineIds: Record<string, string> = {};
const allocationIds: string[] = [];
let removedId: string;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'inventory'] });
  admin = await h.adminToken();
  companyA = await createPartnerWithUser(h, `Inventory Table Co A ${TAG}`);
  companyB = await createPartnerWithUser(h, `Inventory Table Co B ${TAG}`);
  // Names with ties and mixed case, prices with ties, two inactive, out of order.
  tee = await item('beta', '10');
  await item('Alpha', '5', { isActive: 'false' });
  await item('alpha', '30');
  await item('Gamma', '10', { category: 'hoodies' });
  await item('beta', '5', { isActive: 'false' });
  await item('delta', '20');
  // Three lines: S (20 + a restock of 3, min 5), M (12, min 5), L out of stock (0, min 2).
  lineIds.S = await line(tee, 'S', 20, 5);
  lineIds.M = await line(tee, 'M', 12, 5);
  lineIds.L = await line(tee, 'L', 0, 2);
  await h.api(`/api/inventory/${lineIds.S}`, { method: 'PUT', token: admin, json: { quantity: 3 } });
  // Allocations: A gets 3, 1, 3 (ties) and one removed; B gets 2.
  allocationIds.push(await allocate(companyA.companyId, lineIds.S, 3));
  allocationIds.push(await allocate(companyA.companyId, lineIds.M, 1));
  allocationIds.push(await allocate(companyB.companyId, lineIds.M, 2));
  allocationIds.push(await allocate(companyA.companyId, lineIds.S, 3));
  removedId = await allocate(companyA.companyId, lineIds.M, 5);
  const removed = await h.api(`/api/partner-allocations/${removedId}`, { method: 'DELETE', token: admin });
  expect(removed.status).toBe(200);
});
afterAll(async () => h?.close());

describe('the Merch Items table', () => {
  const list = `/api/merch-items?search=${TAG}`;
  const name = (r: Row) => String(r.name).toLowerCase();

  it.each([
    ['name', 'asc', byIdThen(name, 1)],
    ['name', 'desc', byIdThen(name, -1)],
    ['price', 'asc', byIdThen((r) => r.price as number, 1)],
    ['price', 'desc', byIdThen((r) => r.price as number, -1)],
    ['createdAt', 'asc', byIdThen((r) => String(r.createdAt), 1)],
    ['createdAt', 'desc', byIdThen((r) => String(r.createdAt), -1)],
  ] as const)(
    'sort=%s order=%s pages through every match once, ties broken by id',
    async (sort, order, compare) => {
      const paged = await allPages(`${list}&sort=${sort}&order=${order}`, admin);
      expect(paged).toHaveLength(6);
      expect(new Set(ids(paged)).size).toBe(6);
      expect(ids(paged)).toEqual(ids([...paged].sort(compare)));
    },
  );

  it('a sort without order takes its first direction; a page by offset is the page the cursors lead to', async () => {
    const byName = await allPages(`${list}&sort=name`, admin);
    expect(ids(byName)).toEqual(ids([...byName].sort(byIdThen(name, 1))));
    const third = await h.api(`${list}&sort=name&limit=2&offset=4`, { token: admin });
    expect(ids(third.body.items)).toEqual(ids(byName.slice(4, 6)));
    expect(third.body.total).toBe(6);
  });

  it('status and category filter on the server, with their total', async () => {
    const inactive = await allPages(`${list}&status=inactive&sort=price`, admin, 1);
    expect(inactive.map((r) => r.isActive)).toEqual([false, false]);
    const active = await h.api(`${list}&status=active&limit=1`, { token: admin });
    expect(active.body.total).toBe(4);
    const hoodies = await h.api(`${list}&status=active&category=hoodies`, { token: admin });
    expect(hoodies.body.items.map((r: Row) => r.name)).toEqual([`${TAG} Gamma`]);
  });

  it('a cursor handed out under another sort is refused with 400, not followed', async () => {
    const byName = await h.api(`${list}&sort=name&limit=2`, { token: admin });
    const cursor = encodeURIComponent(byName.body.nextCursor);
    for (const other of ['sort=price', 'sort=name&order=desc', '', 'sort=createdAt&order=asc']) {
      const res = await h.api(`${list}&${other}&limit=2&cursor=${cursor}`, { token: admin });
      expect(res.status, other).toBe(400);
      expect(res.body.message).toBe(OTHER_SORT);
    }
    const newest = await h.api(`${list}&limit=2`, { token: admin });
    const back = await h.api(
      `${list}&sort=createdAt&order=asc&limit=2&cursor=${encodeURIComponent(newest.body.nextCursor)}`,
      { token: admin },
    );
    expect(back.status).toBe(400);
    expect(back.body.message).toBe(OTHER_SORT);
  });

  it.each([
    ['sort=sku', 'sort', 'sort must be one of createdAt, name, price'],
    ['sort=name&order=up', 'order', 'order must be asc or desc'],
    ['status=archived', 'status', 'status must be one of active, inactive'],
    ['offset=-1', 'offset', 'offset must not be negative'],
    ['sort=price&cursor=bm90LWEtY3Vyc29y', 'cursor', 'cursor is not valid; start again from the first page'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    const res = await h.api(`/api/merch-items?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toContain(message);
  });

  it('anonymous is 401, a company 403', async () => {
    expect((await h.api('/api/merch-items?sort=name')).status).toBe(401);
    expect((await h.api('/api/merch-items?sort=name', { token: companyA.token })).status).toBe(403);
  });
});

describe('the Inventory tab (an item’s stock lines)', () => {
  const lines = () => `/api/merch-items/${tee}/inventory`;

  it('sorts by size (default, XS..XXXL) and by quantities both ways', async () => {
    const bySize = await h.api(lines(), { token: admin });
    expect(bySize.body.map((l: Row) => l.size)).toEqual(['S', 'M', 'L']);
    const sizeDesc = await h.api(`${lines()}?sort=size&order=desc`, { token: admin });
    expect(sizeDesc.body.map((l: Row) => l.size)).toEqual(['L', 'M', 'S']);
    // Available: S 23 - 6 = 17, M 12 - 3 - 5 + 5 (returned) = 9, L 0.
    const most = await h.api(`${lines()}?sort=available`, { token: admin });
    expect(most.body.map((l: Row) => `${l.size}:${l.availableQuantity}`)).toEqual(['S:17', 'M:9', 'L:0']);
    const least = await h.api(`${lines()}?sort=available&order=asc`, { token: admin });
    expect(least.body.map((l: Row) => l.size)).toEqual(['L', 'M', 'S']);
    const allocated = await h.api(`${lines()}?sort=allocated&order=desc`, { token: admin });
    expect(allocated.body.map((l: Row) => `${l.size}:${l.allocatedQuantity}`)).toEqual(['S:6', 'M:3', 'L:0']);
  });

  it('filters by the Status chip’s rule', async () => {
    const out = await h.api(`${lines()}?status=out_of_stock`, { token: admin });
    expect(out.body.map((l: Row) => l.size)).toEqual(['L']);
    const inStock = await h.api(`${lines()}?status=in_stock`, { token: admin });
    expect(inStock.body.map((l: Row) => `${l.size}:${l.status}`)).toEqual(['S:in_stock', 'M:in_stock']);
    const low = await h.api(`${lines()}?status=low_stock`, { token: admin });
    expect(low.body).toEqual([]);
  });

  it.each([
    ['sort=color', 'sort', 'sort must be one of size, available, total, allocated, sold'],
    ['order=up', 'order', 'order must be asc or desc'],
    ['status=low', 'status', 'status must be one of in_stock, low_stock, out_of_stock'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    const res = await h.api(`${lines()}?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[field]).toContain(message);
  });

  it('anonymous is 401, a company 403', async () => {
    expect((await h.api(`${lines()}?sort=available`)).status).toBe(401);
    expect((await h.api(`${lines()}?sort=available`, { token: companyA.token })).status).toBe(403);
  });
});

describe('the ledger (Transactions tab, Transaction History)', () => {
  const ledger = '/api/inventory-transactions';
  const at = (r: Row) => String(r.createdAt);

  it('an item’s history (all its lines) newest first and oldest first, cursor-paged', async () => {
    const newest = await allPages(`${ledger}?itemId=${tee}`, admin);
    // Initial stock S and M (L had none), a restock of S, five allocations, one return.
    expect(newest).toHaveLength(9);
    expect(newest.every((r) => r.merchItemId === tee)).toBe(true);
    expect(ids(newest)).toEqual(ids([...newest].sort(byIdThen(at, -1))));
    const oldest = await allPages(`${ledger}?itemId=${tee}&sort=createdAt&order=asc`, admin);
    expect(ids(oldest)).toEqual(ids([...newest].reverse()));
    const offset = await h.api(`${ledger}?itemId=${tee}&order=asc&limit=2&offset=2`, { token: admin });
    expect(ids(offset.body.items)).toEqual(ids(oldest.slice(2, 4)));
  });

  it('the Type filter, for a line, an item, and a company’s own rows', async () => {
    const restocks = await allPages(`${ledger}?itemId=${tee}&type=restock&order=asc`, admin, 1);
    expect(restocks.map((r) => r.transactionType)).toEqual(['restock', 'restock', 'restock']);
    const sLine = await h.api(`${ledger}?inventoryId=${lineIds.S}&type=allocation`, { token: admin });
    expect(sLine.body.total).toBe(2);
    const mine = await allPages(`${ledger}?type=allocation`, companyA.token, 1);
    expect(mine).toHaveLength(4);
    expect(mine.every((r) => r.partnerId === companyA.companyId)).toBe(true);
    const returns = await h.api(`${ledger}?type=return&order=asc`, { token: companyA.token });
    expect(returns.body.items.map((r: Row) => r.quantity)).toEqual([5]);
    expect((await h.api(`${ledger}?type=return`, { token: companyB.token })).body.total).toBe(0);
  });

  it('a cursor of the other order is 400', async () => {
    const newest = await h.api(`${ledger}?itemId=${tee}&limit=2`, { token: admin });
    const res = await h.api(
      `${ledger}?itemId=${tee}&order=asc&limit=2&cursor=${encodeURIComponent(newest.body.nextCursor)}`,
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(OTHER_SORT);
    const oldest = await h.api(`${ledger}?itemId=${tee}&order=asc&limit=2`, { token: admin });
    const back = await h.api(
      `${ledger}?itemId=${tee}&limit=2&cursor=${encodeURIComponent(oldest.body.nextCursor)}`,
      { token: admin },
    );
    expect(back.status).toBe(400);
  });

  it.each([
    ['sort=quantity', 'sort', 'sort must be createdAt'],
    ['order=newest', 'order', 'order must be asc or desc'],
    ['type=refund', 'type', 'type must be one of restock, sale, return, allocation, adjustment'],
    ['itemId=abc', 'itemId', 'itemId must be an item id'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    for (const token of [admin, companyA.token]) {
      const res = await h.api(`${ledger}?${query}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[field]).toContain(message);
    }
  });

  it('anonymous is 401', async () => {
    expect((await h.api(`${ledger}?type=restock&order=asc`)).status).toBe(401);
  });
});

describe('the allocations tables', () => {
  const list = '/api/partner-allocations';
  const aOnly = () => `${list}?partnerId=${companyA.companyId}`;

  it.each([
    ['quantity', 'asc', byIdThen((r) => r.quantity as number, 1)],
    ['quantity', 'desc', byIdThen((r) => r.quantity as number, -1)],
    ['allocatedAt', 'asc', byIdThen((r) => String(r.allocatedAt), 1)],
    ['allocatedAt', 'desc', byIdThen((r) => String(r.allocatedAt), -1)],
  ] as const)(
    'the administrator’s partner filter, sort=%s order=%s, cursor-paged',
    async (sort, order, compare) => {
      const paged = await allPages(`${aOnly()}&sort=${sort}&order=${order}`, admin, 1);
      expect(paged).toHaveLength(3);
      expect(paged.every((r) => r.partnerId === companyA.companyId)).toBe(true);
      expect(ids(paged)).toEqual(ids([...paged].sort(compare)));
      const own = await allPages(`${list}?sort=${sort}&order=${order}`, companyA.token, 2);
      expect(ids(own)).toEqual(ids(paged));
    },
  );

  it('status=removed lists the removed allocation (and its partner’s cards count it), active the rest', async () => {
    const removed = await h.api(`${aOnly()}&status=removed`, { token: admin });
    expect(ids(removed.body.items)).toEqual([removedId]);
    expect(removed.body.items[0].isActive).toBe(false);
    expect(removed.body.total).toBe(1);
    // Quantity without order: most first (3, 3, 1); the page at offset 1.
    const active = await h.api(`${aOnly()}&status=active&sort=quantity&limit=2&offset=1`, { token: admin });
    expect(active.body.total).toBe(3);
    expect(active.body.items.map((r: Row) => r.quantity)).toEqual([3, 1]);
    const mineRemoved = await h.api(`${list}?status=removed`, { token: companyA.token });
    expect(ids(mineRemoved.body.items)).toEqual([removedId]);
  });

  it('a company may name only itself as partnerId (another is 403); admin-only routes are 403', async () => {
    const other = await h.api(`${list}?partnerId=${companyB.companyId}`, { token: companyA.token });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You can only list your own company’s allocations');
    const self = await h.api(`${list}?partnerId=${companyA.companyId}`, { token: companyA.token });
    expect(self.status).toBe(200);
    expect(self.body.total).toBe(3);
    const b = await h.api(`${list}?sort=quantity`, { token: companyB.token });
    expect(b.body.items.map((r: Row) => r.quantity)).toEqual([2]);
    expect(
      (
        await h.api(list, {
          method: 'POST',
          token: companyA.token,
          json: { partnerId: companyA.companyId, merchInventoryId: lineIds.S, quantity: 1 },
        })
      ).status,
    ).toBe(403);
    expect(
      (await h.api(`${list}/${allocationIds[0]}`, { method: 'DELETE', token: companyA.token })).status,
    ).toBe(403);
  });

  it('a cursor of another sort is 400', async () => {
    const byQuantity = await h.api(`${aOnly()}&sort=quantity&limit=1`, { token: admin });
    const cursor = encodeURIComponent(byQuantity.body.nextCursor);
    for (const other of ['', 'sort=quantity&order=asc', 'sort=allocatedAt&order=asc']) {
      const res = await h.api(`${aOnly()}&${other}&limit=1&cursor=${cursor}`, { token: admin });
      expect(res.status, other).toBe(400);
      expect(res.body.message).toBe(OTHER_SORT);
    }
  });

  it.each([
    ['sort=partner', 'sort', 'sort must be one of allocatedAt, quantity'],
    ['order=up', 'order', 'order must be asc or desc'],
    ['status=used', 'status', 'status must be one of active, removed'],
    ['partnerId=abc', 'partnerId', 'partnerId must be a partner id'],
  ])('?%s is 400 with a message naming the field', async (query, field, message) => {
    for (const token of [admin, companyA.token]) {
      const res = await h.api(`${list}?${query}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[field]).toContain(message);
    }
  });

  it('anonymous is 401', async () => {
    expect((await h.api(`${list}?sort=quantity&status=removed`)).status).toBe(401);
  });
});
