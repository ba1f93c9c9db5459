// Merchandise inventory at size (issue 16): SCALE_MERCH_ITEMS items (default 5,000), SCALE_INVENTORY_LINES
// stock lines (default 50,000; up to 77 per item: 7 sizes x no colour or 10 colours), SCALE_ALLOCATIONS
// active allocations (default 2,000; every other one to the bench's company) and
// SCALE_INVENTORY_TRANSACTIONS ledger rows (default 500,000; every 50th the company's). Every 10th item is
// inactive and every 10th allocation removed (the tables' status filters, issue 27). Every line keeps
// total = available + allocated + sold; every 20th line is low. Seeded by set-based SQL in the
// inventory schema, secondary indexes rebuilt after the load.
const ITEMS = Number(process.env.SCALE_MERCH_ITEMS ?? 5_000);
const LINES = Number(process.env.SCALE_INVENTORY_LINES ?? 50_000);
const ALLOCATIONS = Number(process.env.SCALE_ALLOCATIONS ?? 2_000);
const TRANSACTIONS = Number(process.env.SCALE_INVENTORY_TRANSACTIONS ?? 500_000);
const TABLES = ['merch_items', 'merch_inventory', 'partner_allocations', 'inventory_transactions'];
const CATEGORIES = "array['hoodies','shirts','pants','shorts','accessories','shoes','equipment']";
const SIZES = "array['XS','S','M','L','XL','XXL','XXXL']";
const COLORS = "array['Black','White','Navy','Gray','Red','Blue','Green','Yellow','Orange','Purple']";

/** A stable RFC 4122 (version 4) id from a seed text: the API's ids must be valid UUIDs. */
const uuidOf = (text) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const itemId = (expr) => uuidOf(`'merch' || ${expr}`);
const lineId = (expr) => uuidOf(`'line' || ${expr}`);

export const section = {
  title: `Inventory (${ITEMS} items, ${LINES} lines, ${ALLOCATIONS} allocations, ${TRANSACTIONS} transactions)`,

  async seed({ client, company }) {
    if (LINES > ITEMS * 77) throw new Error('SCALE_INVENTORY_LINES is more than 77 lines per item');
    await client.query('set search_path = inventory');
    await client.query('set session_replication_role = replica');
    await client.query(`set maintenance_work_mem = '256MB'`);
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes
        where schemaname = 'inventory' and tablename = any($1)
          and indexname not in (select conname from pg_constraint)`,
      [TABLES],
    );
    for (const { indexname } of indexes) await client.query(`drop index inventory."${indexname}"`);

    await client.query(
      `insert into merch_items (id, name, sku, description, category, brand, price, sizes, colors, tags,
         is_active, created_at, updated_at)
       select ${itemId('i')}, 'Scale Item ' || i, 'SCALE-' || lpad(i::text, 6, '0'), 'Seeded',
              (${CATEGORIES})[1 + i % 7], 'Brand ' || (i % 40), 1000 + (i % 50) * 100,
              to_jsonb(${SIZES}), to_jsonb(${COLORS}), '[]'::jsonb, i % 10 <> 0,
              now() - interval '365 days' + i * interval '1 minute', now()
         from generate_series(1, ${ITEMS}) i`,
    );
    // Line g belongs to item 1 + (g - 1) % ITEMS; its k-th line there has size k % 7, colour k / 7.
    // The first ALLOCATIONS lines each carry one allocation of 5, 2 of them used.
    await client.query(
      `insert into merch_inventory (id, merch_item_id, size, color, total_quantity, available_quantity,
         allocated_quantity, sold_quantity, min_stock_level, last_restocked, created_at, updated_at)
       select ${lineId('g')}, ${itemId('1 + (g - 1) % ' + ITEMS)},
              (${SIZES})[1 + ((g - 1) / ${ITEMS}) % 7],
              case when (g - 1) / ${ITEMS} / 7 = 0 then null else (${COLORS})[(g - 1) / ${ITEMS} / 7] end,
              q.total, q.total - q.allocated - q.sold, q.allocated, q.sold, 10, now(), now(), now()
         from generate_series(1, ${LINES}) g,
              lateral (select case when g % 20 = 0 then 8 else 100 end as total,
                              case when g <= ${ALLOCATIONS} then 3 else 0 end as allocated,
                              case when g <= ${ALLOCATIONS} then 2 else 0 end as sold) q`,
    );
    await client.query(
      `insert into partner_allocations (id, partner_id, merch_inventory_id, merch_item_id, quantity, used_quantity,
         price, notes, allocated_at, updated_at, is_active)
       select ${uuidOf("'alloc' || a")},
              case when a % 2 = 0 then $1::uuid else ${uuidOf("'partner' || a % 37")} end,
              ${lineId('a')}, ${itemId('1 + (a - 1) % ' + ITEMS)}, 2 + a % 9, 2,
              case when a % 3 = 0 then 1500 end, 'Allocation ' || a,
              now() - a * interval '1 hour', now(), a % 10 <> 0
         from generate_series(1, ${ALLOCATIONS}) a`,
      [company.id],
    );
    await client.query(
      `insert into inventory_transactions (id, merch_inventory_id, merch_item_id, partner_id, transaction_type,
         quantity, previous_quantity, new_quantity, reference, notes, created_at, created_by_role)
       select ${uuidOf("'txn' || t")}, ${lineId('l')}, ${itemId('1 + (l - 1) % ' + ITEMS)},
              case when t % 50 = 0 then $1::uuid end,
              (array['restock','allocation','sale','return','adjustment'])[1 + t % 5],
              case when t % 5 in (1, 2) then -3 else 3 end, 50, 50 + case when t % 5 in (1, 2) then -3 else 3 end,
              'Seed ' || t, null, now() - t * interval '10 seconds', 'super_admin'
         from generate_series(1, ${TRANSACTIONS}) t, lateral (select 1 + (t - 1) % ${LINES} as l) x`,
      [company.id],
    );
    for (const { indexdef } of indexes) await client.query(indexdef);
    await client.query('set session_replication_role = origin');
    await client.query(`vacuum analyze ${TABLES.join(', ')}`);
  },

  async time({ client, adminToken, companyToken, company, row, wrong, sqlCount }) {
    const someItem = (await client.query(`select ${itemId(Math.ceil(ITEMS / 2))} as id`)).rows[0].id;
    const someLine = (await client.query(`select ${lineId(Math.ceil(LINES / 3))} as id`)).rows[0].id;
    // The answers each call is checked against, counted directly first (checks run synchronously).
    const want = {
      items: await sqlCount('select count(*) as n from inventory.merch_items'),
      search: await sqlCount(
        "select count(*) as n from inventory.merch_items where sku ilike '%SCALE-0042%' or name ilike '%SCALE-0042%' or brand ilike '%SCALE-0042%'",
      ),
      itemLines: await sqlCount(
        'select count(*) as n from inventory.merch_inventory where merch_item_id = $1',
        [someItem],
      ),
      totalInventory: await sqlCount(
        'select coalesce(sum(total_quantity), 0) as n from inventory.merch_inventory',
      ),
      low: await sqlCount(
        'select count(*) as n from inventory.merch_inventory where available_quantity <= min_stock_level',
      ),
      lineTransactions: await sqlCount(
        'select count(*) as n from inventory.inventory_transactions where merch_inventory_id = $1',
        [someLine],
      ),
      companyTransactions: await sqlCount(
        'select count(*) as n from inventory.inventory_transactions where partner_id = $1',
        [company.id],
      ),
      companyAllocations: await sqlCount(
        'select count(*) as n from inventory.partner_allocations where is_active and partner_id = $1',
        [company.id],
      ),
      activeAllocations: await sqlCount(
        'select count(*) as n from inventory.partner_allocations where is_active',
      ),
      removedAllocations: await sqlCount(
        'select count(*) as n from inventory.partner_allocations where not is_active',
      ),
      companyRemoved: await sqlCount(
        'select count(*) as n from inventory.partner_allocations where not is_active and partner_id = $1',
        [company.id],
      ),
      inactiveItems: await sqlCount('select count(*) as n from inventory.merch_items where not is_active'),
      activeShoes: await sqlCount(
        "select count(*) as n from inventory.merch_items where is_active and category = 'shoes'",
      ),
      inStockLines: await sqlCount(
        `select count(*) as n from inventory.merch_inventory
          where merch_item_id = $1 and available_quantity > min_stock_level and available_quantity > 0`,
        [someItem],
      ),
      sales: await sqlCount(
        "select count(*) as n from (select 1 from inventory.inventory_transactions where transaction_type = 'sale' limit 10001) t",
      ),
      itemTransactions: await sqlCount(
        'select count(*) as n from inventory.inventory_transactions where merch_item_id = $1',
        [someItem],
      ),
      companySales: await sqlCount(
        "select count(*) as n from inventory.inventory_transactions where partner_id = $1 and transaction_type = 'sale'",
        [company.id],
      ),
    };
    /** A sorted page's order, checked against the rows' own values (ties broken by id). */
    const sortedBy = (what, items, key, dir) => {
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1], items[i]];
        const [x, y] = [key(a), key(b)];
        const ok = dir === 'asc' ? x < y || (x === y && a.id < b.id) : x > y || (x === y && a.id > b.id);
        if (!ok) return wrong(`${what} order at row ${i}`, `${x}/${a.id} then ${y}/${b.id}`, dir);
      }
    };
    const first = await row(
      'GET /api/merch-items?limit=50',
      50,
      '/api/merch-items?limit=50',
      adminToken,
      (b) => wrong('merch items total', b.total, want.items),
    );
    if (first?.nextCursor) {
      await row(
        'GET /api/merch-items?cursor=… (page 2)',
        50,
        `/api/merch-items?limit=50&cursor=${encodeURIComponent(first.nextCursor)}`,
        adminToken,
      );
    }
    await row(
      'GET /api/merch-items?search=SCALE-0042&limit=50',
      50,
      '/api/merch-items?search=SCALE-0042&limit=50',
      adminToken,
      (b) => wrong('merch items search total', b.total, want.search),
    );
    await row(
      'GET /api/merch-items?category=shoes&limit=50',
      50,
      '/api/merch-items?category=shoes&limit=50',
      adminToken,
    );
    await row(
      'GET /api/merch-items/{id}/inventory',
      50,
      `/api/merch-items/${someItem}/inventory`,
      adminToken,
      (b) => wrong('lines of an item', b.length, want.itemLines),
    );
    await row('GET /api/inventory/summary', 50, '/api/inventory/summary', adminToken, (b) => {
      wrong('summary totalItems', b.totalItems, want.items);
      wrong('summary totalInventory', b.totalInventory, want.totalInventory);
      wrong('summary activeAllocations', b.activeAllocations, want.activeAllocations);
      wrong('summary lowStockItems', b.lowStockItems, want.low);
    });
    await row(
      'GET /api/inventory-transactions?inventoryId=…',
      50,
      `/api/inventory-transactions?inventoryId=${someLine}&limit=50`,
      adminToken,
      (b) => wrong('line transactions total', b.total, want.lineTransactions),
    );
    await row(
      'GET /api/inventory-transactions?limit=50 (admin)',
      50,
      '/api/inventory-transactions?limit=50',
      adminToken,
    );
    await row(
      'GET /api/inventory-transactions (company)',
      50,
      '/api/inventory-transactions?limit=50',
      companyToken,
      (b) => wrong('company transactions total', b.total, want.companyTransactions),
    );
    await row(
      'GET /api/partner-allocations?limit=50 (admin)',
      50,
      '/api/partner-allocations?limit=50',
      adminToken,
      (b) => wrong('admin allocations total', b.total, want.activeAllocations),
    );
    await row(
      'GET /api/partner-allocations (company)',
      50,
      '/api/partner-allocations?limit=50',
      companyToken,
      (b) => wrong('company allocations total', b.total, want.companyAllocations),
    );
    await row(
      'GET /api/partner-allocations?search=… (company)',
      50,
      '/api/partner-allocations?limit=50&search=Scale%20Item%201',
      companyToken,
    );

    // Issue 27: the tables' sorts and filters, each along an index (inventory migration 20261211).
    const byName = await row(
      'GET /api/merch-items?sort=name (A–Z)',
      50,
      '/api/merch-items?sort=name&limit=50',
      adminToken,
      (b) => {
        wrong('merch items by name total', b.total, want.items);
        sortedBy('merch items by name', b.items, (i) => i.name.toLowerCase(), 'asc');
      },
    );
    if (byName?.nextCursor) {
      await row(
        'GET /api/merch-items?sort=name&cursor=… (page 2)',
        50,
        `/api/merch-items?sort=name&limit=50&cursor=${encodeURIComponent(byName.nextCursor)}`,
        adminToken,
        (b) => wrong('merch items by name page 2 size', b.items.length, 50),
      );
    }
    await row(
      'GET /api/merch-items?sort=price&order=desc',
      50,
      '/api/merch-items?sort=price&order=desc&limit=50',
      adminToken,
      (b) => sortedBy('merch items by price', b.items, (i) => i.price, 'desc'),
    );
    await row(
      'GET /api/merch-items?sort=createdAt&order=asc (oldest)',
      50,
      '/api/merch-items?sort=createdAt&order=asc&limit=50',
      adminToken,
      (b) => sortedBy('merch items oldest first', b.items, (i) => i.createdAt, 'asc'),
    );
    await row(
      'GET /api/merch-items?status=inactive',
      50,
      '/api/merch-items?status=inactive&limit=50',
      adminToken,
      (b) => wrong('inactive items total', b.total, want.inactiveItems),
    );
    await row(
      'GET /api/merch-items?status=active&category=shoes&sort=name',
      50,
      '/api/merch-items?status=active&category=shoes&sort=name&limit=50',
      adminToken,
      (b) => wrong('active shoes total', b.total, want.activeShoes),
    );
    await row(
      'GET /api/merch-items/{id}/inventory?sort=available&status=in_stock',
      50,
      `/api/merch-items/${someItem}/inventory?sort=available&status=in_stock`,
      adminToken,
      (b) => wrong('in-stock lines of an item', b.length, want.inStockLines),
    );
    await row(
      'GET /api/inventory-transactions?type=sale (admin)',
      50,
      '/api/inventory-transactions?type=sale&limit=50',
      adminToken,
      (b) => {
        wrong('sales total (bounded)', b.total, Math.min(want.sales, 10_000));
        wrong('sales total is a lower bound', b.totalIsLowerBound ?? false, want.sales > 10_000);
        wrong(
          'sales page all sales',
          b.items.every((t) => t.transactionType === 'sale'),
          true,
        );
      },
    );
    const oldest = await row(
      'GET /api/inventory-transactions?order=asc (admin, oldest)',
      50,
      '/api/inventory-transactions?order=asc&limit=50',
      adminToken,
      (b) => sortedBy('ledger oldest first', b.items, (t) => t.createdAt, 'asc'),
    );
    if (oldest?.nextCursor) {
      await row(
        'GET /api/inventory-transactions?order=asc&cursor=… (page 2)',
        50,
        `/api/inventory-transactions?order=asc&limit=50&cursor=${encodeURIComponent(oldest.nextCursor)}`,
        adminToken,
      );
    }
    await row(
      'GET /api/inventory-transactions?itemId=…&order=asc',
      50,
      `/api/inventory-transactions?itemId=${someItem}&order=asc&limit=50`,
      adminToken,
      (b) => wrong('item transactions total', b.total, Math.min(want.itemTransactions, 10_000)),
    );
    await row(
      'GET /api/inventory-transactions?type=sale (company)',
      50,
      '/api/inventory-transactions?type=sale&limit=50',
      companyToken,
      (b) => wrong('company sales total', b.total, Math.min(want.companySales, 10_000)),
    );
    await row(
      'GET /api/inventory-transactions?order=asc (company)',
      50,
      '/api/inventory-transactions?order=asc&limit=50',
      companyToken,
      (b) => sortedBy('company ledger oldest first', b.items, (t) => t.createdAt, 'asc'),
    );
    await row(
      'GET /api/partner-allocations?sort=quantity (admin)',
      50,
      '/api/partner-allocations?sort=quantity&limit=50',
      adminToken,
      (b) => {
        wrong('allocations by quantity total', b.total, want.activeAllocations);
        sortedBy('allocations by quantity', b.items, (a) => a.quantity, 'desc');
      },
    );
    await row(
      'GET /api/partner-allocations?partnerId=…&sort=quantity&order=asc (admin)',
      50,
      `/api/partner-allocations?partnerId=${company.id}&sort=quantity&order=asc&limit=50`,
      adminToken,
      (b) => {
        wrong('one partner’s allocations total', b.total, want.companyAllocations);
        sortedBy('one partner’s allocations by quantity', b.items, (a) => a.quantity, 'asc');
      },
    );
    await row(
      'GET /api/partner-allocations?status=removed (admin)',
      50,
      '/api/partner-allocations?status=removed&limit=50',
      adminToken,
      (b) => wrong('removed allocations total', b.total, want.removedAllocations),
    );
    await row(
      'GET /api/partner-allocations?status=removed&sort=allocatedAt&order=asc (company)',
      50,
      '/api/partner-allocations?status=removed&sort=allocatedAt&order=asc&limit=50',
      companyToken,
      (b) => {
        wrong('company removed allocations total', b.total, want.companyRemoved);
        sortedBy('company removed oldest first', b.items, (a) => a.allocatedAt, 'asc');
      },
    );
  },
};
