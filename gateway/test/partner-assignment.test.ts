import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 24: bulk assignment, the public voucher's partners and last redemption, the landing's counts
// and its keyset-paged, searchable partner list.
let h: Harness;
let admin: string;
let db: pg.Client;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;
let clinic: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({ BULK_MAX_QUANTITY: '100000' }, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Bulk Sports Shop');
  clinic = await createPartnerWithUser(h, 'Bulk Clinic');
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
}, 120_000);
afterAll(async () => {
  await db?.end();
  await h?.close();
});

const codeBody = {
  clinic: 'Peak Physio',
  discountType: 'percentage',
  discountValue: 25,
  service: 'Assessment',
  expirationDate: '2099-12-31',
  usageLimit: 2,
};

async function batch(quantity: number, name = `Batch ${randomUUID().slice(0, 6)}`) {
  const res = await h.api('/api/bulk-generate', {
    method: 'POST',
    token: admin,
    json: { ...codeBody, facility: 'Peak Physio', batchName: name, quantity },
  });
  expect(res.status).toBe(201);
  return res.body.batchId as string;
}

async function code(extra: Record<string, unknown> = {}) {
  const res = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: { ...codeBody, ...extra },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** A partner's figures as the tallies hold them and as the rows say. */
async function figures(partnerId: string) {
  const q = async (sql: string) => Number((await db.query(sql, [partnerId])).rows[0].n);
  return {
    tally: await q(`select coalesce(sum(codes), 0) as n from vouchers.code_tallies where scope_id = $1`),
    rows: await q(`select count(*) as n from vouchers.qr_code_partners where partner_id = $1 and is_active`),
    onCodes: await q(`select count(*) as n from vouchers.qr_codes where $1 = any(partner_ids)`),
    offers: await q(
      `select coalesce(sum(codes), 0) as n from vouchers.partner_offer_tallies where partner_id = $1`,
    ),
    ownedOrAssigned: await q(
      `select count(*) as n from vouchers.qr_codes where vendor_id = $1 or $1 = any(partner_ids)`,
    ),
  };
}

const assign = (json: unknown, token: string | null = admin, headers: Record<string, string> = {}) =>
  h.api('/api/qr-codes/assign-partners', { method: 'POST', token, json, headers });

describe('POST /api/qr-codes/assign-partners', () => {
  it('assigns a batch and a selection in one call each, with exact tallies; a repeat is a no-op', async () => {
    const batchId = await batch(30);
    const before = await figures(shop.companyId);
    const res = await assign({ batchId, partnerIds: [shop.companyId, clinic.companyId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ codes: 30, assigned: 60 });
    const after = await figures(shop.companyId);
    expect(after.tally).toBe(before.tally + 30);
    expect(after).toEqual({
      tally: after.rows,
      rows: after.onCodes,
      onCodes: after.onCodes,
      offers: after.ownedOrAssigned,
      ownedOrAssigned: after.ownedOrAssigned,
    });
    // The partner's portal lists them at once.
    const portal = await h.api('/api/qr-codes/all?limit=1', { token: shop.token });
    expect(portal.body.total).toBe(after.tally);

    const again = await assign({ batchId, partnerIds: [shop.companyId] });
    expect(again.body).toEqual({ codes: 30, assigned: 0 });
    expect(await figures(shop.companyId)).toEqual(after);

    // A selection: one already assigned, two new ones.
    const [a, b] = [await code(), await code()];
    const one = (await db.query('select id from vouchers.qr_codes where batch_id = $1 limit 1', [batchId]))
      .rows[0].id as string;
    const sel = await assign({ qrCodeIds: [a, b, one], partnerIds: [shop.companyId] });
    expect(sel.body).toEqual({ codes: 3, assigned: 2 });
    const now = await figures(shop.companyId);
    expect(now.tally).toBe(after.tally + 2);
    expect(now.tally).toBe(now.rows);
    expect(now.offers).toBe(now.ownedOrAssigned);
  });

  it('re-activates a withdrawn assignment and moves its redemptions into the partner’s tallies', async () => {
    const id = await code();
    expect((await h.api(`/api/redeem/${id}`, { method: 'POST' })).status).toBe(200);
    await db.query(
      `insert into vouchers.qr_code_partners (id, qr_code_id, partner_id, is_active) values ($1, $2, $3, false)`,
      [randomUUID(), id, clinic.companyId],
    );
    const redemptionsBefore = (await h.api('/api/stats', { token: clinic.token })).body.totalRedemptions;
    const res = await assign({ qrCodeIds: [id], partnerIds: [clinic.companyId] });
    expect(res.body).toEqual({ codes: 1, assigned: 1 });
    const row = await db.query(
      'select is_active from vouchers.qr_code_partners where qr_code_id = $1 and partner_id = $2',
      [id, clinic.companyId],
    );
    expect(row.rows).toEqual([{ is_active: true }]);
    expect((await h.api('/api/stats', { token: clinic.token })).body.totalRedemptions).toBe(
      redemptionsBefore + 1,
    );
  });

  it('refuses bad requests and changes nothing', async () => {
    const batchId = await batch(3);
    const before = await figures(shop.companyId);
    const unknown = await assign({ batchId, partnerIds: [shop.companyId, randomUUID()] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Partner not found');
    expect((await assign({ batchId: randomUUID(), partnerIds: [shop.companyId] })).status).toBe(404);
    const missingCode = await assign({
      qrCodeIds: [await code(), randomUUID()],
      partnerIds: [shop.companyId],
    });
    expect(missingCode.status).toBe(404);
    const neither = await assign({ partnerIds: [shop.companyId] });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toMatch(/qrCodeIds or batchId/);
    const both = await assign({ batchId, qrCodeIds: [randomUUID()], partnerIds: [shop.companyId] });
    expect(both.status).toBe(400);
    expect((await assign({ qrCodeIds: [], partnerIds: [shop.companyId] })).status).toBe(400);
    expect((await assign({ batchId, partnerIds: [] })).status).toBe(400);
    expect((await assign({ batchId, partnerIds: [shop.companyId] }, shop.token)).status).toBe(403);
    expect((await assign({ batchId, partnerIds: [shop.companyId] }, null)).status).toBe(401);
    expect(await figures(shop.companyId)).toEqual(before);
  });

  it('answers a retry with the same Idempotency-Key once', async () => {
    const batchId = await batch(5);
    const key = { 'idempotency-key': `assign-${randomUUID()}` };
    const first = await assign({ batchId, partnerIds: [clinic.companyId] }, admin, key);
    const retry = await assign({ batchId, partnerIds: [clinic.companyId] }, admin, key);
    expect(first.body).toEqual({ codes: 5, assigned: 5 });
    expect(retry.body).toEqual(first.body);
    const other = await assign({ batchId, partnerIds: [shop.companyId] }, admin, key);
    expect(other.status).toBe(409);
  });

  it('assigns a 100,000-code batch in one call', async () => {
    const big = await createPartnerWithUser(h, 'Big Batch Partner');
    const batchId = await batch(100_000, 'Hundred thousand');
    const res = await assign({ batchId, partnerIds: [big.companyId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ codes: 100_000, assigned: 100_000 });
    const f = await figures(big.companyId);
    expect(f).toEqual({
      tally: 100_000,
      rows: 100_000,
      onCodes: 100_000,
      offers: 100_000,
      ownedOrAssigned: 100_000,
    });
    const events = await db.query(
      `select count(*)::int as n from vouchers.outbox_events where name = 'vouchers.assignment.bulk-assigned.v1'`,
    );
    expect(events.rows[0].n).toBeGreaterThan(0);
    // One summarising event, not one per code.
    const perCode = await db.query(
      `select count(*)::int as n from vouchers.outbox_events where name = 'vouchers.voucher.assigned.v1'`,
    );
    expect(perCode.rows[0].n).toBeLessThan(100);
  }, 180_000);
});

describe('the public voucher', () => {
  it('names its owner and assigned partners, and drops a withdrawn one', async () => {
    // A partner of its own: the vouchers service keeps a partner's details PARTNER_DETAILS_TTL_MS
    // (30 s) once a voucher, an assignment or a redeem has asked, and the shared shop was asked earlier.
    const shop = await createPartnerWithUser(h, 'Corner Sports Shop');
    await h.api(`/api/vendors/${shop.companyId}`, {
      method: 'PATCH',
      token: admin,
      json: { address: '1 Main St', phone: '555-0100', website: 'https://shop.example' },
    });
    const id = await code();
    await db.query('update vouchers.qr_codes set vendor_id = $1 where id = $2', [shop.companyId, id]);
    await assign({ qrCodeIds: [id], partnerIds: [clinic.companyId] });
    const res = await h.api(`/api/qr-codes/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.partners).toEqual([
      {
        id: shop.companyId,
        name: 'Corner Sports Shop',
        logoUrl: null,
        address: '1 Main St',
        phone: '555-0100',
        website: 'https://shop.example',
      },
      expect.objectContaining({ id: clinic.companyId, name: 'Bulk Clinic' }),
    ]);
    expect(res.body.lastRedemption).toBeNull();
    await h.api(`/api/qr-codes/${id}/assign-partners`, {
      method: 'POST',
      token: admin,
      json: { partnerIds: [] },
    });
    expect((await h.api(`/api/qr-codes/${id}`)).body.partners.map((p: { id: string }) => p.id)).toEqual([
      shop.companyId,
    ]);
  });

  it('is club-wide without partners, and keeps the proof of its last redemption', async () => {
    const id = await code();
    expect((await h.api(`/api/qr-codes/${id}`)).body.partners).toEqual([]);
    await assign({ qrCodeIds: [id], partnerIds: [clinic.companyId] });
    const redeemed = await h.api(`/api/redeem/${id}`, { method: 'POST' });
    expect(redeemed.status).toBe(200);
    const voucher = (await h.api(`/api/qr-codes/${id}`)).body;
    // A member's own redeem: 'self', and the code's one partner as where it is for (issue 44).
    expect(voucher.lastRedemption).toEqual({
      redeemedAt: expect.any(String),
      channel: 'self',
      partnerName: 'Bulk Clinic',
    });
    expect(Math.abs(Date.parse(voucher.lastRedemption.redeemedAt) - Date.now())).toBeLessThan(60_000);
    // No personal data of anyone: when and where only.
    expect(Object.keys(voucher.lastRedemption).sort()).toEqual(['channel', 'partnerName', 'redeemedAt']);
    expect(JSON.stringify(voucher)).not.toMatch(/ipAddress|userAgent|Store Scanner/);
  });
});

describe('the landing page', () => {
  it('counts the codes a partner owns or is assigned, from the tallies', async () => {
    const p = await createPartnerWithUser(h, 'Landing Counts');
    const owned = await code();
    await db.query('update vouchers.qr_codes set vendor_id = $1 where id = $2', [p.companyId, owned]);
    const both = await code();
    await db.query('update vouchers.qr_codes set vendor_id = $1 where id = $2', [p.companyId, both]);
    const assigned = await code({ usageLimit: 1 });
    await assign({ qrCodeIds: [both, assigned], partnerIds: [p.companyId] });
    await h.api(`/api/redeem/${assigned}`, { method: 'POST' }); // used up: no longer active
    const page = await h.api(`/api/public/partners?search=${encodeURIComponent('Landing Counts')}`);
    expect(page.status).toBe(200);
    expect(page.body.items).toEqual([
      expect.objectContaining({ id: p.companyId, totalQrCodes: 3, activeOffers: 2 }),
    ]);
  });

  it('finds the 121st partner on page 2 by cursor and by search; the plain call keeps its list', async () => {
    for (let i = 0; i < 121; i++) {
      const res = await h.api('/api/vendors', {
        method: 'POST',
        token: admin,
        json: { name: `Landing ${i + 1}` },
      });
      expect(res.status).toBe(201);
    }
    const old = await h.api('/api/public/partners');
    expect(Array.isArray(old.body)).toBe(true);
    expect(old.body.map((p: { name: string }) => p.name)).not.toContain('Landing 121');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: { items: { name: string }[]; nextCursor: string | null } } =
        await h.api(`/api/public/partners?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((p) => p.name));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toContain('Landing 121');
    expect(new Set(seen).size).toBe(seen.length);
    const found = await h.api('/api/public/partners?search=landing%20121');
    expect(found.body.items.map((p: { name: string }) => p.name)).toEqual(['Landing 121']);
    expect((await h.api('/api/public/partners?cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
    expect((await h.api('/api/public/partners?limit=500')).status).toBe(400);
  }, 120_000);
});

// Last in this file: it takes the partners service away for good.
describe('the public voucher while the partners service is away', () => {
  it('leaves `partners` out (unknown), never calls a partner’s code club-wide', async () => {
    const made = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: { ...codeBody, partnerId: clinic.companyId },
    });
    expect(made.status).toBe(201);
    // A partner whose details nobody asked for yet, so nothing is cached for it.
    const late = await createPartnerWithUser(h, 'Bulk Late Shop');
    const unasked = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: { ...codeBody, partnerId: late.companyId },
    });
    expect(unasked.status).toBe(201);
    // identity, partners, vouchers: in the list's start order. Removed from the list so close() skips it.
    const [partners] = h.services.splice(1, 1);
    await partners!.close();

    const res = await h.api(`/api/qr-codes/${unasked.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(unasked.body.id);
    expect(res.body).not.toHaveProperty('partners');
  });
});
