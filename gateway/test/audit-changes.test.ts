import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntriesOf, connectDatabase } from './support/audit-entries';
import { download, waitForJob } from './support/downloads';
import { ADMIN, createPartnerWithUser, startHarness, type Harness } from './support/harness';

/**
 * Issue 26: credits, inventory and rendering record each change in their own `audit_entries`, in the
 * change's transaction (the charge: in its one statement); a refused change records nothing.
 */
let h: Harness;
let admin: string;
let adminId: string;
let db: pg.Client;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;

const { entries, one, count } = auditEntriesOf(() => db);

/** The items routes take multipart forms. */
function form(parts: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [key, value] of Object.entries(parts)) fd.append(key, value);
  return fd;
}

const byAdmin = () => ({ actor_type: 'user', actor_id: adminId, actor_role: 'super_admin' });

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'credits', 'inventory', 'vouchers', 'rendering'] });
  admin = await h.adminToken();
  adminId = (await h.api('/api/auth/user', { token: admin })).body.id;
  shop = await createPartnerWithUser(h, 'Audit Credit Shop');
  other = await createPartnerWithUser(h, 'Audit Other Shop');
  db = await connectDatabase(h);
});
afterAll(async () => {
  await db?.end();
  await h?.close();
});

describe('credits record their changes', () => {
  it('credit created, charged, voided, deleted: one entry each; refusals none', async () => {
    const created = await h.api('/api/athlete-credits', {
      method: 'POST',
      token: admin,
      json: {
        athleteName: 'Audit Athlete',
        athleteRole: 'athlete',
        totalAmount: 3_000,
        duration: 12,
        startDate: '2026-01-01',
        endDate: '2099-12-31',
        partnerId: shop.companyId,
      },
    });
    expect(created.status).toBe(201);
    const creditId = created.body.id as string;
    const create = await one('credits', 'credits.credit.created', creditId);
    expect(create).toMatchObject({
      ...byAdmin(),
      target_type: 'credit',
      company_id: shop.companyId,
      service: 'credits',
    });
    expect(create.request_id).toBeTruthy();
    expect(create.changes).toMatchObject({
      athleteName: { before: null, after: 'Audit Athlete' },
      totalAmount: { before: null, after: 3_000 },
      partnerId: { before: null, after: shop.companyId },
    });

    // The shop charges 2,000 (its staff, its company); a retry with the key writes no second entry.
    const charge = {
      amount: 2_000,
      description: 'Shoes',
      category: 'equipment',
      transactionType: 'purchase',
    };
    const headers = { 'idempotency-key': `audit-${randomUUID()}` };
    const send = (json: unknown, token = shop.token, extra: Record<string, string> = headers) =>
      h.api(`/api/credits/${creditId}/transactions`, { method: 'POST', token, headers: extra, json });
    const first = await send(charge);
    expect(first.status).toBe(201);
    expect((await send(charge)).status).toBe(201);
    const txId = first.body.transaction.id as string;
    const recorded = await one('credits', 'credits.transaction.recorded', txId);
    expect(recorded).toMatchObject({
      actor_type: 'user',
      actor_id: shop.userId,
      actor_role: 'company_admin',
      actor_company_id: shop.companyId,
      target_type: 'credit-transaction',
      company_id: shop.companyId,
      changes: {
        creditId: { before: null, after: creditId },
        amount: { before: null, after: 2_000 },
        currentBalance: { before: 3_000, after: 1_000 },
      },
    });
    // The outbox carries the same entry to the read model.
    const events = await db.query(
      `select payload from credits.outbox_events where name = 'audit.entry.recorded.v1'
        and payload->>'targetId' = $1`,
      [txId],
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0].payload).toMatchObject({
      action: 'credits.transaction.recorded',
      actorId: shop.userId,
    });

    // Refused: more than the balance, and by another company (not its credit): nothing recorded.
    const before = await count('credits');
    expect((await send(charge, shop.token, {})).status).toBe(409);
    expect((await send({ ...charge, amount: 100 }, other.token, {})).status).toBe(404);
    expect(await count('credits')).toBe(before);

    const voided = await h.api(`/api/credit-transactions/${txId}/void`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Returned' },
    });
    expect(voided.status).toBe(200);
    const voidEntry = await one('credits', 'credits.transaction.voided', txId);
    expect(voidEntry).toMatchObject({
      ...byAdmin(),
      company_id: shop.companyId,
      changes: {
        voided: { before: false, after: true },
        reason: { before: null, after: 'Returned' },
        currentBalance: { before: 1_000, after: 3_000 },
      },
    });
    const twice = await h.api(`/api/credit-transactions/${txId}/void`, {
      method: 'POST',
      token: admin,
      json: { reason: 'Returned' },
    });
    expect(twice.status).toBe(409);
    expect(await entries('credits', 'credits.transaction.voided', txId)).toHaveLength(1);

    // It has a ledger: deleting deactivates it; a fresh credit is deleted outright.
    expect((await h.api(`/api/athlete-credits/${creditId}`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    expect(await one('credits', 'credits.credit.deactivated', creditId)).toMatchObject({
      ...byAdmin(),
      company_id: shop.companyId,
      changes: { isActive: { before: true, after: false } },
    });
    const fresh = await h.api('/api/athlete-credits', {
      method: 'POST',
      token: admin,
      json: {
        athleteName: 'Brief Athlete',
        athleteRole: 'coach',
        totalAmount: 500,
        duration: 1,
        startDate: '2026-01-01',
        endDate: '2099-12-31',
      },
    });
    expect(fresh.status).toBe(201);
    expect(
      (await h.api(`/api/athlete-credits/${fresh.body.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(200);
    const deleted = await one('credits', 'credits.credit.deleted', fresh.body.id);
    expect(deleted).toMatchObject({ ...byAdmin(), company_id: null });
    expect(deleted.changes).toMatchObject({ athleteName: { before: 'Brief Athlete', after: null } });
    const missing = await count('credits');
    expect(
      (await h.api(`/api/athlete-credits/${fresh.body.id}`, { method: 'DELETE', token: admin })).status,
    ).toBe(404);
    expect(await count('credits')).toBe(missing);
  });
});

describe('inventory records its changes', () => {
  it('item, stock lines, restock, allocation, usage, removal: one entry each; refusals none', async () => {
    const sku = `AUD-${randomUUID().slice(0, 8)}`;
    const item = await h.api('/api/merch-items', {
      method: 'POST',
      token: admin,
      body: form({ name: 'Audit Tee', sku, category: 'shirts', price: '10', sizes: 'S,M', colors: 'Black' }),
    });
    expect(item.status).toBe(201);
    const itemId = item.body.id as string;
    expect(await one('inventory', 'inventory.item.created', itemId)).toMatchObject({
      ...byAdmin(),
      target_type: 'merch-item',
      company_id: null,
      changes: { name: { before: null, after: 'Audit Tee' }, price: { before: null, after: 1000 } },
    });
    const beforeDup = await count('inventory');
    const dup = await h.api('/api/merch-items', {
      method: 'POST',
      token: admin,
      body: form({ name: 'Copy', sku, category: 'shirts', price: '10', sizes: 'S' }),
    });
    expect(dup.status).toBe(409);
    expect(await count('inventory')).toBe(beforeDup);

    const updated = await h.api(`/api/merch-items/${itemId}`, {
      method: 'PUT',
      token: admin,
      body: form({
        name: 'Audit Tee 2',
        sku,
        category: 'shirts',
        price: '12',
        sizes: 'S,M',
        colors: 'Black',
      }),
    });
    expect(updated.status).toBe(200);
    const update = await one('inventory', 'inventory.item.updated', itemId);
    // Only the fields that changed.
    expect(update.changes).toEqual({
      name: { before: 'Audit Tee', after: 'Audit Tee 2' },
      price: { before: 1000, after: 1200 },
    });

    const bulk = await h.api('/api/inventory/bulk', {
      method: 'POST',
      token: admin,
      json: {
        merchItemId: itemId,
        entries: [
          { size: 'S', totalQuantity: 3 },
          { size: 'M', totalQuantity: 20 },
        ],
      },
    });
    expect(bulk.status).toBe(201);
    const lines = (await h.api(`/api/merch-items/${itemId}/inventory`, { token: admin })).body as {
      id: string;
      size: string;
    }[];
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(await one('inventory', 'inventory.stock-line.created', line.id)).toMatchObject({
        ...byAdmin(),
        target_type: 'stock-line',
        changes: { merchItemId: { before: null, after: itemId }, size: { before: null, after: line.size } },
      });
    }
    const beforeLine = await count('inventory');
    const sameLine = await h.api('/api/inventory', {
      method: 'POST',
      token: admin,
      json: { merchItemId: itemId, size: 'M', totalQuantity: 1 },
    });
    expect(sameLine.status).toBe(409);
    expect(await count('inventory')).toBe(beforeLine);
    const m = lines.find((l) => l.size === 'M')!;

    expect(
      (await h.api(`/api/inventory/${m.id}`, { method: 'PUT', token: admin, json: { quantity: 5 } })).status,
    ).toBe(200);
    expect((await one('inventory', 'inventory.stock-line.restocked', m.id)).changes).toEqual({
      totalQuantity: { before: 20, after: 25 },
      availableQuantity: { before: 20, after: 25 },
    });

    const alloc = await h.api('/api/partner-allocations', {
      method: 'POST',
      token: admin,
      json: { partnerId: shop.companyId, merchInventoryId: m.id, quantity: 10, price: 1500 },
    });
    expect(alloc.status).toBe(201);
    const allocId = alloc.body.id as string;
    expect(await one('inventory', 'inventory.allocation.created', allocId)).toMatchObject({
      ...byAdmin(),
      target_type: 'allocation',
      company_id: shop.companyId,
      changes: { quantity: { before: null, after: 10 }, partnerId: { before: null, after: shop.companyId } },
    });
    const beforeRefusals = await count('inventory');
    const tooMany = await h.api('/api/partner-allocations', {
      method: 'POST',
      token: admin,
      json: { partnerId: shop.companyId, merchInventoryId: m.id, quantity: 16 },
    });
    expect(tooMany.status).toBe(409);
    const foreign = await h.api(`/api/partner-allocations/${allocId}`, {
      method: 'PUT',
      token: other.token,
      json: { usedQuantity: 1 },
    });
    expect(foreign.status).toBe(404);
    const over = await h.api(`/api/partner-allocations/${allocId}`, {
      method: 'PUT',
      token: shop.token,
      json: { usedQuantity: 11 },
    });
    expect(over.status).toBe(400);
    expect(await count('inventory')).toBe(beforeRefusals);

    const used = await h.api(`/api/partner-allocations/${allocId}`, {
      method: 'PUT',
      token: shop.token,
      json: { usedQuantity: 4, notes: 'Sold at the event' },
    });
    expect(used.status).toBe(200);
    expect(await one('inventory', 'inventory.allocation.usage-updated', allocId)).toMatchObject({
      actor_type: 'user',
      actor_id: shop.userId,
      actor_role: 'company_admin',
      actor_company_id: shop.companyId,
      company_id: shop.companyId,
      changes: {
        usedQuantity: { before: 0, after: 4 },
        notes: { before: null, after: 'Sold at the event' },
      },
    });

    const removed = await h.api(`/api/partner-allocations/${allocId}`, { method: 'DELETE', token: admin });
    expect(removed.status).toBe(200);
    expect(await one('inventory', 'inventory.allocation.removed', allocId)).toMatchObject({
      ...byAdmin(),
      company_id: shop.companyId,
      changes: { isActive: { before: true, after: false }, returnedQuantity: { before: null, after: 6 } },
    });

    // An item with stock is refused (nothing recorded); one without is deleted, with what it was.
    const beforeDelete = await count('inventory');
    expect((await h.api(`/api/merch-items/${itemId}`, { method: 'DELETE', token: admin })).status).toBe(409);
    expect(await count('inventory')).toBe(beforeDelete);
    const bare = await h.api('/api/merch-items', {
      method: 'POST',
      token: admin,
      body: form({
        name: 'Bare Cap',
        sku: `CAP-${randomUUID().slice(0, 8)}`,
        category: 'shirts',
        price: '5',
        sizes: 'S',
      }),
    });
    expect(bare.status).toBe(201);
    expect((await h.api(`/api/merch-items/${bare.body.id}`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    expect((await one('inventory', 'inventory.item.deleted', bare.body.id)).changes).toMatchObject({
      name: { before: 'Bare Cap', after: null },
    });
  });
});

describe('rendering records ZIP jobs', () => {
  it('requested and downloaded: one entry each, by the requester; a refused request none', async () => {
    const code = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        discountType: 'percentage',
        discountValue: 10,
        clinic: 'Audit Clinic',
        service: 'Audit Massage',
        expirationDate: '2099-12-31',
        usageLimit: 1,
      },
    });
    expect(code.status).toBe(201);
    const before = await count('rendering');
    const refused = await h.api('/api/bulk-download-zip', {
      method: 'POST',
      token: shop.token,
      json: { qrCodes: [code.body.id], format: 'png' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await count('rendering')).toBe(before);

    const key = `audit-zip-${randomUUID()}`;
    const ask = () =>
      h.api('/api/bulk-download-zip', {
        method: 'POST',
        token: admin,
        headers: { 'Idempotency-Key': key },
        json: { qrCodes: [code.body.id], format: 'png' },
      });
    const created = await ask();
    expect(created.status).toBe(202);
    expect((await ask()).body.id).toBe(created.body.id);
    const jobId = created.body.id as string;
    const requested = await one('rendering', 'rendering.zip-job.requested', jobId);
    expect(requested).toMatchObject({
      ...byAdmin(),
      target_type: 'zip-job',
      company_id: null,
      service: 'rendering',
      changes: { format: { before: null, after: 'png' }, total: { before: null, after: 1 } },
    });
    const job = await waitForJob(h, jobId, admin);
    expect(job.state).toBe('completed');
    expect((await download(h, job.downloadUrl, { token: admin })).status).toBe(200);
    expect(await one('rendering', 'rendering.zip-job.downloaded', jobId)).toMatchObject({
      ...byAdmin(),
      changes: { fileName: { before: null, after: job.fileName } },
    });
  });

  it('no entry of this run holds a password or token', async () => {
    const secrets = [ADMIN.password, 'staff-password', admin, shop.token, other.token];
    for (const service of ['credits', 'inventory', 'rendering'] as const) {
      const { rows } = await db.query(`select to_jsonb(a)::text as row from ${service}.audit_entries a`);
      for (const { row } of rows) for (const secret of secrets) expect(row).not.toContain(secret);
    }
  });
});
