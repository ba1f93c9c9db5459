import { RPC, USED_OVER_ALLOCATED } from '@avpass/contracts';
import { randomUUID } from 'node:crypto';
import type { TestBed } from '@avpass/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyActor, refusal, startInventoryServices } from './support/services';

let s: TestBed;
beforeAll(async () => {
  // Two instances on one database and one NATS queue group: requests are spread between them.
  s = await startInventoryServices({ instances: 2 });
});
afterAll(async () => s?.close());

let skuSeq = 0;
const createItem = (fields: Record<string, unknown> = {}) =>
  s.call(RPC.inventory.createItem, {
    name: 'Club Hoodie',
    sku: `HD-${++skuSeq}-${randomUUID().slice(0, 6)}`,
    category: 'hoodies',
    price: '49.99',
    sizes: 'S,M,L',
    ...fields,
  });

async function lineRow(id: string) {
  const { rows } = await s.sql.query('select * from inventory.merch_inventory where id = $1', [id]);
  return rows[0];
}

async function ledger(lineId: string) {
  const { rows } = await s.sql.query(
    'select transaction_type, quantity, previous_quantity, new_quantity, partner_id from inventory.inventory_transactions where merch_inventory_id = $1 order by created_at, id',
    [lineId],
  );
  return rows;
}

async function stockedLine(quantity: number, minStockLevel = 0) {
  const item = await createItem();
  const line = await s.call(RPC.inventory.createLine, {
    merchItemId: item.id,
    size: 'M',
    totalQuantity: quantity,
    minStockLevel,
  });
  return { item, line };
}

/** A partner the partners service knows (allocations go to no other). */
const newPartner = async () =>
  (await s.call(RPC.partners.create, { name: `Shop ${randomUUID().slice(0, 8)}` })).id;

describe('merch items', () => {
  it('stores the price in cents and the list fields as arrays', async () => {
    const item = await createItem({
      price: '24.995',
      sizes: 'XS, M ,M',
      colors: 'Black,Navy',
      tags: 'club, winter',
      brand: 'Rooted',
      description: 'Warm',
    });
    expect(item).toMatchObject({
      price: 2500,
      sizes: ['XS', 'M'],
      colors: ['Black', 'Navy'],
      tags: ['club', 'winter'],
      brand: 'Rooted',
      isActive: true,
      imageUrl: null,
    });
    const { rows } = await s.sql.query('select price, sizes from inventory.merch_items where id = $1', [
      item.id,
    ]);
    expect(rows[0]).toEqual({ price: 2500, sizes: ['XS', 'M'] });
  });

  it('a SKU is unique regardless of case, even for simultaneous creations (409)', async () => {
    const results = await Promise.allSettled(['TEE-1', 'tee-1', 'Tee-1'].map((sku) => createItem({ sku })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = await refusal(createItem({ sku: 'TEE-1' }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe('An item with this SKU already exists');
  });

  it.each([
    [{ name: ' ' }, 'name', 'Name is required'],
    [{ sku: '' }, 'sku', 'SKU is required'],
    [{ category: '' }, 'category', 'Category is required'],
    [
      { category: 'boats' },
      'category',
      'Category must be one of hoodies, shirts, pants, shorts, accessories, shoes, equipment',
    ],
    [{ price: '' }, 'price', 'Price is required'],
    [{ price: 'abc' }, 'price', 'Price must be a valid amount in dollars, not "abc"'],
    [{ price: '-1' }, 'price', 'Price cannot be negative'],
    [{ sizes: '' }, 'sizes', 'Select at least one size'],
    [{ sizes: 'M,HUGE' }, 'sizes.1', 'Size must be one of XS, S, M, L, XL, XXL, XXXL'],
    [
      { colors: 'Pink' },
      'colors.0',
      'Color must be one of Black, White, Navy, Gray, Red, Blue, Green, Yellow, Orange, Purple',
    ],
    [
      { imageUrl: 'https://evil.example/x.png' },
      'imageUrl',
      'Must be a file uploaded to AV Pass (/uploads/...)',
    ],
  ])('an item with %j is refused on %s', async (fields, field, message) => {
    const refused = await refusal(createItem(fields));
    expect(refused.code).toBe('VALIDATION_FAILED');
    expect(refused.errors?.[field]).toContain(message);
  });

  it('updates keep the image unless a new one is sent, and the SKU stays unique', async () => {
    const item = await createItem({ imageUrl: '/uploads/abc.png' });
    const other = await createItem();
    const updated = await s.call(RPC.inventory.updateItem, {
      id: item.id,
      name: 'Renamed',
      sku: item.sku,
      category: 'shirts',
      price: '10',
      sizes: 'L',
      isActive: 'false',
    });
    expect(updated).toMatchObject({
      name: 'Renamed',
      price: 1000,
      sizes: ['L'],
      imageUrl: '/uploads/abc.png',
      isActive: false,
    });
    const clash = await refusal(
      s.call(RPC.inventory.updateItem, {
        id: item.id,
        name: 'X',
        sku: other.sku.toLowerCase(),
        category: 'shirts',
        price: '1',
        sizes: 'L',
      }),
    );
    expect(clash.code).toBe('CONFLICT');
    const missing = await refusal(
      s.call(RPC.inventory.updateItem, {
        id: randomUUID(),
        name: 'X',
        sku: 'NEW-X',
        category: 'shirts',
        price: '1',
        sizes: 'L',
      }),
    );
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('lists newest first by keyset, searches name, SKU or brand, filters by category', async () => {
    const marker = randomUUID().slice(0, 8);
    const a = await createItem({ name: `Alpha ${marker}`, category: 'shoes' });
    const b = await createItem({ brand: `Brand${marker}`, category: 'shoes' });
    const c = await createItem({ sku: `SKU-${marker}`, category: 'equipment' });
    const found = await s.call(RPC.inventory.listItems, { search: marker });
    expect(found.items.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(found.total).toBe(3);
    const shoes = await s.call(RPC.inventory.listItems, { search: marker, category: 'shoes', limit: 1 });
    expect(shoes.items.map((i) => i.id)).toEqual([b.id]);
    const next = await s.call(RPC.inventory.listItems, {
      search: marker,
      category: 'shoes',
      limit: 1,
      cursor: shoes.nextCursor!,
    });
    expect(next.items.map((i) => i.id)).toEqual([a.id]);
    expect((await refusal(s.call(RPC.inventory.listItems, { cursor: 'junk' }))).code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('an item without inventory is deleted; one with stock or history is refused with the reason', async () => {
    const bare = await createItem();
    expect(await s.call(RPC.inventory.removeItem, { id: bare.id })).toEqual({
      message: 'Item deleted successfully',
    });
    expect((await refusal(s.call(RPC.inventory.removeItem, { id: bare.id }))).code).toBe('NOT_FOUND');
    const { item } = await stockedLine(5);
    const refused = await refusal(s.call(RPC.inventory.removeItem, { id: item.id }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(
      'This item has inventory or allocations and cannot be deleted; mark it Inactive instead',
    );
  });

  it('only the administrator manages items (a partner is forbidden, anonymous must sign in)', async () => {
    const partner = companyActor(randomUUID());
    expect((await refusal(s.call(RPC.inventory.listItems, {}, { actor: partner }))).code).toBe('FORBIDDEN');
    expect((await refusal(s.call(RPC.inventory.listItems, {}, { actor: null }))).code).toBe(
      'UNAUTHENTICATED',
    );
  });
});

describe('inventory lines', () => {
  it('creates a line with its initial stock as a restock transaction, and restocks add to total and available', async () => {
    const { line } = await stockedLine(20, 5);
    expect(line).toMatchObject({
      totalQuantity: 20,
      availableQuantity: 20,
      allocatedQuantity: 0,
      soldQuantity: 0,
      minStockLevel: 5,
      status: 'in_stock',
    });
    expect(line.lastRestocked).not.toBeNull();
    const restocked = await s.call(RPC.inventory.restock, { id: line.id, quantity: 7 });
    expect(restocked).toMatchObject({ totalQuantity: 27, availableQuantity: 27 });
    expect(await ledger(line.id)).toEqual([
      { transaction_type: 'restock', quantity: 20, previous_quantity: 0, new_quantity: 20, partner_id: null },
      { transaction_type: 'restock', quantity: 7, previous_quantity: 20, new_quantity: 27, partner_id: null },
    ]);
    expect(
      (await refusal(s.call(RPC.inventory.restock, { id: line.id, quantity: 0 }))).errors?.quantity,
    ).toContain('Quantity must be a whole number greater than 0');
    expect((await refusal(s.call(RPC.inventory.restock, { id: randomUUID(), quantity: 1 }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('a line must use one of the item’s sizes, once per size and colour', async () => {
    const item = await createItem({ sizes: 'M', colors: 'Black' });
    const wrongSize = await refusal(
      s.call(RPC.inventory.createLine, { merchItemId: item.id, size: 'XL', totalQuantity: 1 }),
    );
    expect(wrongSize.errors?.size).toContain("Size must be one of the item's sizes (M)");
    const wrongColor = await refusal(
      s.call(RPC.inventory.createLine, { merchItemId: item.id, size: 'M', color: 'Red', totalQuantity: 1 }),
    );
    expect(wrongColor.errors?.color).toContain("Color must be one of the item's colors (Black)");
    await s.call(RPC.inventory.createLine, {
      merchItemId: item.id,
      size: 'M',
      color: 'Black',
      totalQuantity: 1,
    });
    const twice = await refusal(
      s.call(RPC.inventory.createLine, { merchItemId: item.id, size: 'M', color: 'Black', totalQuantity: 1 }),
    );
    expect(twice.code).toBe('CONFLICT');
    const missingQty = await refusal(
      s.call(RPC.inventory.createLine, { merchItemId: item.id, size: 'M', totalQuantity: '' }),
    );
    expect(missingQty.errors?.totalQuantity).toContain('Quantity is required');
    const noSize = await refusal(
      s.call(RPC.inventory.createLine, { merchItemId: item.id, size: '', totalQuantity: 1 }),
    );
    expect(noSize.errors?.size).toContain('Size is required');
  });

  it('bulk creation makes one line per size, all or nothing', async () => {
    const item = await createItem({ sizes: 'S,M,L' });
    const answer = await s.call(RPC.inventory.bulkCreateLines, {
      merchItemId: item.id,
      entries: [
        { size: 'S', totalQuantity: 10, minStockLevel: 10 },
        { size: 'L', totalQuantity: 30, minStockLevel: 10 },
      ],
    });
    expect(answer).toEqual({ success: true, created: 2 });
    const lines = await s.call(RPC.inventory.itemLines, { id: item.id });
    expect(lines.map((l) => [l.size, l.totalQuantity, l.status])).toEqual([
      ['S', 10, 'low_stock'],
      ['L', 30, 'in_stock'],
    ]);
    // L exists: the M line of this batch is not created either.
    expect(
      (
        await refusal(
          s.call(RPC.inventory.bulkCreateLines, {
            merchItemId: item.id,
            entries: [
              { size: 'M', totalQuantity: 1 },
              { size: 'L', totalQuantity: 1 },
            ],
          }),
        )
      ).code,
    ).toBe('CONFLICT');
    expect(await s.call(RPC.inventory.itemLines, { id: item.id })).toHaveLength(2);
    expect(
      (await refusal(s.call(RPC.inventory.bulkCreateLines, { merchItemId: item.id, entries: [] }))).errors
        ?.entries,
    ).toContain('Add at least one size');
  });
});

describe('allocations', () => {
  it('refuses a partner the partners service does not know (404), and moves no stock', async () => {
    const { line } = await stockedLine(5);
    const refused = await refusal(
      s.call(RPC.inventory.createAllocation, {
        partnerId: randomUUID(),
        merchInventoryId: line.id,
        quantity: 2,
      }),
    );
    expect(refused).toMatchObject({ code: 'NOT_FOUND', message: 'Partner not found' });
    expect(await lineRow(line.id)).toMatchObject({ available_quantity: 5, allocated_quantity: 0 });
    expect((await ledger(line.id)).filter((r) => r.transaction_type === 'allocation')).toHaveLength(0);
  });

  it('reserves stock, refuses more than is available (409), and removal returns only the unused part', async () => {
    const partnerId = await newPartner();
    const { line } = await stockedLine(10);
    const allocation = await s.call(RPC.inventory.createAllocation, {
      partnerId,
      merchInventoryId: line.id,
      quantity: 6,
      price: 1500,
      notes: 'Front desk',
    });
    expect(allocation).toMatchObject({
      quantity: 6,
      usedQuantity: 0,
      price: 1500,
      size: 'M',
      isActive: true,
    });
    expect(await lineRow(line.id)).toMatchObject({
      available_quantity: 4,
      allocated_quantity: 6,
      total_quantity: 10,
    });
    const tooMany = await refusal(
      s.call(RPC.inventory.createAllocation, { partnerId, merchInventoryId: line.id, quantity: 5 }),
    );
    expect(tooMany.code).toBe('CONFLICT');
    expect(tooMany.message).toBe('Not enough stock available: 4 available, 5 requested');

    const partner = companyActor(partnerId);
    const used = await s.call(
      RPC.inventory.updateUsage,
      { id: allocation.id, usedQuantity: 2, notes: 'Sold two' },
      { actor: partner },
    );
    expect(used).toMatchObject({ usedQuantity: 2, notes: 'Sold two' });
    expect(await lineRow(line.id)).toMatchObject({
      available_quantity: 4,
      allocated_quantity: 4,
      sold_quantity: 2,
    });

    expect(await s.call(RPC.inventory.removeAllocation, { id: allocation.id })).toEqual({
      message: 'Allocation removed successfully',
    });
    expect(await lineRow(line.id)).toMatchObject({
      available_quantity: 8,
      allocated_quantity: 0,
      sold_quantity: 2,
      total_quantity: 10,
    });
    expect((await refusal(s.call(RPC.inventory.removeAllocation, { id: allocation.id }))).code).toBe(
      'NOT_FOUND',
    );
    expect(await ledger(line.id)).toEqual([
      { transaction_type: 'restock', quantity: 10, previous_quantity: 0, new_quantity: 10, partner_id: null },
      {
        transaction_type: 'allocation',
        quantity: -6,
        previous_quantity: 10,
        new_quantity: 4,
        partner_id: partnerId,
      },
      {
        transaction_type: 'sale',
        quantity: -2,
        previous_quantity: 4,
        new_quantity: 4,
        partner_id: partnerId,
      },
      {
        transaction_type: 'return',
        quantity: 4,
        previous_quantity: 4,
        new_quantity: 8,
        partner_id: partnerId,
      },
    ]);
  });

  it('usage: 0 <= used <= allocated, only on the partner’s own allocations', async () => {
    const partnerId = await newPartner();
    const { line } = await stockedLine(10);
    const allocation = await s.call(RPC.inventory.createAllocation, {
      partnerId,
      merchInventoryId: line.id,
      quantity: 3,
    });
    const partner = companyActor(partnerId);
    const over = await refusal(
      s.call(RPC.inventory.updateUsage, { id: allocation.id, usedQuantity: 4 }, { actor: partner }),
    );
    expect(over.code).toBe('VALIDATION_FAILED');
    expect(over.errors?.usedQuantity).toEqual([USED_OVER_ALLOCATED]);
    const negative = await refusal(
      s.call(RPC.inventory.updateUsage, { id: allocation.id, usedQuantity: -1 }, { actor: partner }),
    );
    expect(negative.errors?.usedQuantity).toContain('Must be a valid number');
    const blank = await refusal(
      s.call(RPC.inventory.updateUsage, { id: allocation.id, usedQuantity: '' }, { actor: partner }),
    );
    expect(blank.errors?.usedQuantity).toContain('Quantity is required');
    const other = await refusal(
      s.call(
        RPC.inventory.updateUsage,
        { id: allocation.id, usedQuantity: 1 },
        { actor: companyActor(randomUUID()) },
      ),
    );
    expect(other.code).toBe('NOT_FOUND');
    // Down again is a correction, recorded as an adjustment.
    await s.call(RPC.inventory.updateUsage, { id: allocation.id, usedQuantity: 3 }, { actor: partner });
    await s.call(RPC.inventory.updateUsage, { id: allocation.id, usedQuantity: 1 }, { actor: partner });
    expect(await lineRow(line.id)).toMatchObject({
      available_quantity: 7,
      allocated_quantity: 2,
      sold_quantity: 1,
    });
    expect((await ledger(line.id)).slice(-2).map((r) => [r.transaction_type, r.quantity])).toEqual([
      ['sale', -3],
      ['adjustment', 2],
    ]);
  });

  it('a partner lists only its allocations and transactions, with its cards; the administrator lists all', async () => {
    const mine = await newPartner();
    const theirs = await newPartner();
    const { line, item } = await stockedLine(50);
    const a = await s.call(RPC.inventory.createAllocation, {
      partnerId: mine,
      merchInventoryId: line.id,
      quantity: 10,
      notes: 'north store',
    });
    await s.call(RPC.inventory.createAllocation, {
      partnerId: mine,
      merchInventoryId: line.id,
      quantity: 5,
      price: 1000,
    });
    await s.call(RPC.inventory.createAllocation, {
      partnerId: theirs,
      merchInventoryId: line.id,
      quantity: 4,
    });
    await s.call(RPC.inventory.updateUsage, { id: a.id, usedQuantity: 7 }, { actor: companyActor(mine) });

    const page = await s.call(RPC.inventory.listAllocations, {}, { actor: companyActor(mine) });
    expect(page.items.every((x) => x.partnerId === mine)).toBe(true);
    expect(page.items).toHaveLength(2);
    // Value: 10 x item price 4999 + 5 x partner price 1000.
    expect(page.summary).toEqual({
      activeAllocations: 2,
      totalAllocated: 15,
      totalUsed: 7,
      totalValue: 10 * 4999 + 5000,
    });
    expect(page.items[1]!.item).toMatchObject({
      name: item.name,
      sku: item.sku,
      category: 'hoodies',
      price: 4999,
    });
    const searched = await s.call(
      RPC.inventory.listAllocations,
      { search: 'NORTH' },
      { actor: companyActor(mine) },
    );
    expect(searched.items.map((x) => x.id)).toEqual([a.id]);

    const ledgerPage = await s.call(RPC.inventory.listTransactions, {}, { actor: companyActor(mine) });
    expect(ledgerPage.items.map((t) => t.transactionType)).toEqual(['sale', 'allocation', 'allocation']);
    expect(ledgerPage.items.every((t) => t.partnerId === mine)).toBe(true);
    expect(ledgerPage.items[0]).toMatchObject({
      merchItem: { name: item.name, sku: item.sku },
      size: 'M',
      createdByRole: 'company_admin',
    });

    const byLine = await s.call(RPC.inventory.listTransactions, { inventoryId: line.id, limit: 2 });
    expect(byLine.total).toBe(5);
    expect(byLine.items).toHaveLength(2);
    const rest = await s.call(RPC.inventory.listTransactions, {
      inventoryId: line.id,
      limit: 10,
      cursor: byLine.nextCursor!,
    });
    expect(rest.items.map((t) => t.transactionType)).toEqual(['allocation', 'allocation', 'restock']);

    const all = await s.call(RPC.inventory.listAllocations, { limit: 200 });
    expect(all.items.map((x) => x.partnerId)).toEqual(expect.arrayContaining([mine, theirs]));
    const summary = await s.call(RPC.inventory.summary, {});
    expect(summary.activeAllocations).toBe(all.summary.activeAllocations);
  });

  it('only the administrator allocates and removes; a partner without a company sees nothing', async () => {
    const { line } = await stockedLine(5);
    const partner = companyActor(randomUUID());
    expect(
      (
        await refusal(
          s.call(
            RPC.inventory.createAllocation,
            { partnerId: partner.companyId!, merchInventoryId: line.id, quantity: 1 },
            { actor: partner },
          ),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (await refusal(s.call(RPC.inventory.removeAllocation, { id: randomUUID() }, { actor: partner }))).code,
    ).toBe('FORBIDDEN');
    expect((await refusal(s.call(RPC.inventory.summary, {}, { actor: partner }))).code).toBe('FORBIDDEN');
    const orphan = { ...partner, companyId: null };
    expect((await s.call(RPC.inventory.listAllocations, {}, { actor: orphan })).items).toEqual([]);
    expect((await s.call(RPC.inventory.listTransactions, {}, { actor: orphan })).items).toEqual([]);
    const noPartner = await refusal(
      s.call(RPC.inventory.createAllocation, { merchInventoryId: line.id, quantity: 1 } as never),
    );
    expect(noPartner.errors?.partnerId).toContain('Partner is required');
  });
});

describe('low stock', () => {
  it('inventory.stock.low.v1 is recorded once when a line falls to its minimum, and again only after a restock above it', async () => {
    const partnerId = await newPartner();
    const { line } = await stockedLine(15, 10);
    const events = async () =>
      (
        await s.sql.query(
          `select payload from inventory.outbox_events where name = 'inventory.stock.low.v1' and payload->>'merchInventoryId' = $1 order by seq`,
          [line.id],
        )
      ).rows.map((r) => r.payload);
    await s.call(RPC.inventory.createAllocation, { partnerId, merchInventoryId: line.id, quantity: 4 });
    expect(await events()).toHaveLength(0);
    await s.call(RPC.inventory.createAllocation, { partnerId, merchInventoryId: line.id, quantity: 1 });
    await s.call(RPC.inventory.createAllocation, { partnerId, merchInventoryId: line.id, quantity: 3 });
    expect(await events()).toEqual([
      expect.objectContaining({
        merchInventoryId: line.id,
        availableQuantity: 10,
        minStockLevel: 10,
        size: 'M',
      }),
    ]);
    const lines = await s.call(RPC.inventory.itemLines, { id: line.merchItemId });
    expect(lines[0]!.status).toBe('low_stock');
    await s.call(RPC.inventory.restock, { id: line.id, quantity: 20 });
    await s.call(RPC.inventory.createAllocation, { partnerId, merchInventoryId: line.id, quantity: 17 });
    expect(await events()).toHaveLength(2);
    await s.call(RPC.inventory.createAllocation, { partnerId, merchInventoryId: line.id, quantity: 10 });
    const after = await s.call(RPC.inventory.itemLines, { id: line.merchItemId });
    expect(after[0]).toMatchObject({ availableQuantity: 0, status: 'out_of_stock' });
    expect(await events()).toHaveLength(2);
  });
});

describe('concurrency', () => {
  it('40 concurrent allocations over two instances never over-allocate', async () => {
    const { line } = await stockedLine(25);
    const shops = await Promise.all(Array.from({ length: 4 }, newPartner));
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        s.call(RPC.inventory.createAllocation, {
          partnerId: shops[i % shops.length]!,
          merchInventoryId: line.id,
          quantity: 1,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'CONFLICT',
    ).length;
    expect(ok).toBe(25);
    expect(refused).toBe(15);
    expect(await lineRow(line.id)).toMatchObject({
      available_quantity: 0,
      allocated_quantity: 25,
      total_quantity: 25,
    });
    const { rows } = await s.sql.query(
      `select count(*)::int as n, sum(quantity)::int as q from inventory.partner_allocations where merch_inventory_id = $1`,
      [line.id],
    );
    expect(rows[0]).toEqual({ n: 25, q: 25 });
    expect((await ledger(line.id)).filter((r) => r.transaction_type === 'allocation')).toHaveLength(25);
  });

  it('the quantities add up after a random concurrent mix of restocks, allocations, usage and removals', async () => {
    const { line } = await stockedLine(30, 5);
    const partners = await Promise.all([newPartner(), newPartner(), newPartner()]);
    const allocations: { id: string; partnerId: string; quantity: number }[] = [];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let round = 0; round < 4; round++) {
      const ops = Array.from({ length: 20 }, async () => {
        const r = random();
        const partnerId = partners[Math.floor(random() * partners.length)]!;
        const existing = allocations[Math.floor(random() * allocations.length)];
        if (r < 0.2)
          return s.call(RPC.inventory.restock, { id: line.id, quantity: 1 + Math.floor(random() * 5) });
        if (r < 0.6 || !existing) {
          const quantity = 1 + Math.floor(random() * 6);
          const a = await s.call(RPC.inventory.createAllocation, {
            partnerId,
            merchInventoryId: line.id,
            quantity,
          });
          allocations.push({ id: a.id, partnerId, quantity });
          return a;
        }
        if (r < 0.85) {
          return s.call(
            RPC.inventory.updateUsage,
            { id: existing.id, usedQuantity: Math.floor(random() * (existing.quantity + 1)) },
            { actor: companyActor(existing.partnerId) },
          );
        }
        return s.call(RPC.inventory.removeAllocation, { id: existing.id });
      });
      const settled = await Promise.allSettled(ops);
      for (const r of settled) {
        if (r.status === 'rejected')
          expect(['CONFLICT', 'NOT_FOUND']).toContain((r.reason as { code?: string }).code);
      }
    }
    const row = await lineRow(line.id);
    expect(row.total_quantity).toBe(row.available_quantity + row.allocated_quantity + row.sold_quantity);
    for (const q of ['available_quantity', 'allocated_quantity', 'sold_quantity'])
      expect(row[q]).toBeGreaterThanOrEqual(0);
    const { rows } = await s.sql.query(
      `select coalesce(sum(quantity - used_quantity) filter (where is_active), 0)::int as outstanding,
              coalesce(sum(used_quantity), 0)::int as used
         from inventory.partner_allocations where merch_inventory_id = $1`,
      [line.id],
    );
    expect(rows[0]).toEqual({ outstanding: row.allocated_quantity, used: row.sold_quantity });
    // The ledger replays to the line: restocks + returns - allocations = available.
    const { rows: sums } = await s.sql.query(
      `select coalesce(sum(quantity) filter (where transaction_type in ('restock', 'allocation', 'return')), 0)::int as available,
              coalesce(sum(quantity) filter (where transaction_type = 'restock'), 0)::int as total
         from inventory.inventory_transactions where merch_inventory_id = $1`,
      [line.id],
    );
    expect(sums[0]).toEqual({ available: row.available_quantity, total: row.total_quantity });
  });

  it('the database itself refuses quantities that do not add up', async () => {
    const { line } = await stockedLine(3);
    await expect(
      s.sql.query(
        'update inventory.merch_inventory set available_quantity = available_quantity + 1 where id = $1',
        [line.id],
      ),
    ).rejects.toThrow(/merch_inventory_quantities_add_up/);
    await expect(
      s.sql.query(
        'update inventory.merch_inventory set available_quantity = -1, total_quantity = total_quantity - 4 where id = $1',
        [line.id],
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
