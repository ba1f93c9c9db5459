import { bulkMaxMessage, REDEEM_REFUSALS } from '@avpass/contracts';
import { waitFor } from '@avpass/platform/testing';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness(
    { REDEEM_RATE_LIMIT: '4', REDEEM_RATE_WINDOW_SECONDS: '60' },
    { services: ['partners', 'vouchers'] },
  );
  admin = await h.adminToken();
  companyA = await createPartnerWithUser(h, 'Voucher Co A');
  companyB = await createPartnerWithUser(h, 'Voucher Co B');
});
afterAll(async () => h?.close());

const generateBody = (extra: Record<string, unknown> = {}) => ({
  clinic: 'Peak Physio',
  discountType: 'percentage',
  discountValue: '25',
  service: 'Assessment',
  expirationDate: '2099-12-31',
  usageLimit: '3',
  deploymentUrl: 'https://site.example',
  ...extra,
});
async function generate(extra: Record<string, unknown> = {}) {
  const res = await h.api('/api/generate-qr', { method: 'POST', token: admin, json: generateBody(extra) });
  expect(res.status).toBe(201);
  return res.body as { id: string; qrUrl: string; usageLimit: number };
}
const assign = (id: string, partnerIds: string[]) =>
  h.api(`/api/qr-codes/${id}/assign-partners`, { method: 'POST', token: admin, json: { partnerIds } });
const redeem = (id: string, headers: Record<string, string> = {}) =>
  h.api(`/api/redeem/${id}`, { method: 'POST', headers });

describe('who may call what', () => {
  const someId = randomUUID();
  const signedIn: [string, string][] = [
    ['POST', '/api/generate-qr'],
    ['POST', '/api/bulk-generate'],
    ['GET', '/api/qr-codes'],
    ['GET', '/api/qr-codes/all'],
    ['DELETE', `/api/qr-codes/${someId}`],
    ['POST', '/api/upload-logo'],
    ['GET', `/api/qr-codes/${someId}/partners`],
    ['POST', `/api/qr-codes/${someId}/assign-partners`],
    ['GET', `/api/vendors/${someId}/qr-codes`],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/stats'],
    ['GET', '/api/redemptions'],
    ['GET', '/api/admin/qr-codes'],
    ['DELETE', `/api/admin/qr-codes/${someId}`],
    ['GET', '/api/admin/redemptions'],
    ['GET', '/api/admin/batches'],
    ['GET', `/api/admin/batches/${someId}`],
  ];
  // Generating (and its logo) is open to every signed-in user (spec §2, issue 24): voucher-partners.test.ts.
  const adminOnly = signedIn.filter(
    ([m, p]) =>
      ![
        '/api/qr-codes',
        '/api/qr-codes/all',
        '/api/stats',
        '/api/redemptions',
        '/api/generate-qr',
        '/api/bulk-generate',
        '/api/upload-logo',
      ].includes(p) && !(m === 'DELETE' && p.startsWith('/api/qr-codes/')),
  );

  it.each(signedIn)('%s %s without a session is 401', async (method, path) => {
    const res = await h.api(path, { method, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.status).toBe(401);
  });

  it.each(adminOnly)('%s %s as a company user is 403', async (method, path) => {
    const res = await h.api(path, {
      method,
      token: companyA.token,
      json: method === 'GET' || method === 'DELETE' ? undefined : {},
    });
    expect(res.status).toBe(403);
  });
});

describe('generate and the voucher page', () => {
  it('generates a code that points at the page it was made on when PUBLIC_URL is unset, and shows it publicly', async () => {
    const code = await generate({ terms: 'One per visit', usageLimit: 'unlimited' });
    expect(code.qrUrl).toBe(`https://site.example/voucher/${code.id}`);
    expect(code.usageLimit).toBe(999999);
    const page = await h.api(`/api/qr-codes/${code.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      id: code.id,
      clinicName: 'Peak Physio',
      terms: 'One per visit',
      status: 'active',
      usageCount: 0,
    });
    expect(page.body).not.toHaveProperty('createdByUserId');
  });

  it.each([
    [{ clinic: '' }, 'clinic', 'Please enter partner name'],
    [{ discountValue: '0' }, 'discountValue', 'Discount value must be greater than 0'],
    [{ discountValue: 150 }, 'discountValue', 'A percentage discount must be at most 100'],
    [{ service: '' }, 'service', 'Service/product is required'],
    [{ expirationDate: '' }, 'expirationDate', 'Expiration date is required'],
    [{ usageLimit: 'x1' }, 'usageLimit', 'Usage limit must be unlimited or a number, not "x1"'],
    [
      { logoUrl: 'https://evil.example/x.png' },
      'logoUrl',
      'Must be a file uploaded to AV Pass (/uploads/...)',
    ],
  ])('refuses %j with 400 (%s: %s)', async (extra, field, message) => {
    const res = await h.api('/api/generate-qr', { method: 'POST', token: admin, json: generateBody(extra) });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('answers 404 for an unknown or malformed voucher id', async () => {
    for (const id of [randomUUID(), 'not-a-code', "1'or'1"]) {
      const res = await h.api(`/api/qr-codes/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toMatch(/Voucher not found/);
    }
  });

  it('lists the 20 newest codes', async () => {
    for (let i = 0; i < 3; i++) await generate();
    const res = await h.api('/api/qr-codes', { token: admin });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(20);
    const times = res.body.map((c: { createdAt: string }) => c.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('redeem', () => {
  it('redeems, refuses when used up (409 with the reason), and records a self-service redemption and device', async () => {
    const code = await generate({ usageLimit: '1' });
    const ok = await redeem(code.id, {
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      message: 'Voucher redeemed successfully',
      voucher: { usageCount: 1, status: 'used_up' },
    });
    const again = await redeem(code.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REDEEM_REFUSALS.used_up);
    const list = await h.api('/api/admin/redemptions?limit=5', { token: admin });
    expect(list.body.items[0]).toMatchObject({
      id: ok.body.redemptionId,
      qrCodeId: code.id,
      redeemedBy: 'Member (self-service)',
      channel: 'self',
      // A club-wide code has no partner: the redemption says none, not a made-up shop.
      partnerId: null,
      partnerName: null,
      redeemedByUserId: null,
      status: 'completed',
      deviceInfo: 'Android phone · Chrome',
      facility: 'Peak Physio',
    });
    expect(list.body.items[0].ipAddress).toBeTruthy();
  });

  it("a member's own redeem of a partner's code says where: that partner, by name (issue 25)", async () => {
    // Partners of their own, so the other tests' company figures are untouched.
    const shop = await createPartnerWithUser(h, 'Self Service Shop');
    const other = await createPartnerWithUser(h, 'Self Service Other');
    const code = await generate({ partnerId: shop.companyId, usageLimit: '2' });
    const ok = await redeem(code.id);
    expect(ok.status).toBe(200);
    const list = await h.api('/api/admin/redemptions?limit=5', { token: admin });
    expect(list.body.items[0]).toMatchObject({
      id: ok.body.redemptionId,
      channel: 'self',
      partnerId: shop.companyId,
      partnerName: 'Self Service Shop',
      redeemedBy: 'Member (self-service)',
    });
    // Assigned to a second partner too: no single shop, so none is named.
    await assign(code.id, [shop.companyId, other.companyId]);
    const second = await redeem(code.id);
    expect(second.status).toBe(200);
    const after = await h.api('/api/admin/redemptions?limit=5', { token: admin });
    expect(after.body.items[0]).toMatchObject({
      id: second.body.redemptionId,
      partnerId: null,
      partnerName: null,
    });
  });

  it('a staff-only code is refused on the public page (403, "Show this code at the till") and nothing is counted', async () => {
    const code = await generate({ usageLimit: '2' });
    const sql = new pg.Client({ connectionString: h.env.DATABASE_URL });
    await sql.connect();
    try {
      await sql.query(`update vouchers.qr_codes set redemption_mode = 'staff' where id = $1`, [code.id]);
    } finally {
      await sql.end();
    }
    const refused = await redeem(code.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Show this code at the till');
    const voucher = await h.api(`/api/qr-codes/${code.id}`);
    expect(voucher.body).toMatchObject({ usageCount: 0, redemptionMode: 'staff' });
  });

  it("an Idempotency-Key repeat returns the first outcome; a bad key is 400, and a member's must be a random UUID", async () => {
    const code = await generate({ usageLimit: '2' });
    const key = randomUUID();
    const first = await redeem(code.id, { 'idempotency-key': key });
    const repeat = await redeem(code.id, { 'idempotency-key': key });
    expect(repeat.status).toBe(200);
    expect(repeat.body.redemptionId).toBe(first.body.redemptionId);
    expect(repeat.body.voucher.usageCount).toBe(1);
    const bad = await redeem(code.id, { 'idempotency-key': 'has spaces' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Idempotency-Key must be 1-200 visible ASCII characters');
    const guessable = await redeem(code.id, { 'idempotency-key': 'till-7-attempt-1' });
    expect(guessable.status).toBe(400);
    expect(guessable.body.message).toBe("A member's redeem needs an Idempotency-Key that is a random UUID");
  });

  it('is rate limited per address and code: 429 with Retry-After', async () => {
    const code = await generate({ usageLimit: 'unlimited' });
    for (let i = 0; i < 4; i++) expect((await redeem(code.id)).status).toBe(200);
    const limited = await redeem(code.id);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/Too many redeem attempts/);
    const other = await generate({ usageLimit: 'unlimited' });
    expect((await redeem(other.id)).status).toBe(200);
  });

  it('unknown voucher is 404', async () => {
    expect((await redeem(randomUUID())).status).toBe(404);
  });
});

describe('assignment and what each company sees', () => {
  it('company A sees only its assigned codes; deleting removes only its own assignment', async () => {
    const shared = await generate({ clinic: 'Shared Clinic' });
    const onlyB = await generate({ clinic: 'Only B Clinic' });
    expect((await assign(shared.id, [companyA.companyId, companyB.companyId])).status).toBe(200);
    const setB = await assign(onlyB.id, [companyB.companyId]);
    expect(setB.body.map((p: { partnerId: string }) => p.partnerId)).toEqual([companyB.companyId]);
    const partners = await h.api(`/api/qr-codes/${shared.id}/partners`, { token: admin });
    expect(partners.body.map((p: { partnerId: string }) => p.partnerId).sort()).toEqual(
      [companyA.companyId, companyB.companyId].sort(),
    );

    const allA = await h.api('/api/qr-codes/all', { token: companyA.token });
    expect(allA.status).toBe(200);
    expect(allA.body.items.map((c: { id: string }) => c.id)).toEqual([shared.id]);
    const recentA = await h.api('/api/qr-codes', { token: companyA.token });
    expect(recentA.body.map((c: { id: string }) => c.id)).toEqual([shared.id]);
    const searchB = await h.api('/api/qr-codes/all?search=only%20b', { token: companyB.token });
    expect(searchB.body.items.map((c: { id: string }) => c.id)).toEqual([onlyB.id]);

    // Another company's code is not found for A.
    const foreign = await h.api(`/api/qr-codes/${onlyB.id}`, { method: 'DELETE', token: companyA.token });
    expect(foreign.status).toBe(404);
    const removed = await h.api(`/api/qr-codes/${shared.id}`, { method: 'DELETE', token: companyA.token });
    expect(removed.status).toBe(200);
    expect((await h.api('/api/qr-codes/all', { token: companyA.token })).body.total).toBe(0);
    expect((await h.api('/api/qr-codes/all', { token: companyB.token })).body.total).toBe(2);
    expect((await h.api(`/api/qr-codes/${shared.id}`)).status).toBe(200);

    // The administrator deletes for everyone.
    expect((await h.api(`/api/admin/qr-codes/${shared.id}`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    expect((await h.api('/api/qr-codes/all', { token: companyB.token })).body.total).toBe(1);
    expect((await h.api(`/api/qr-codes/${shared.id}`)).status).toBe(404);
    expect((await h.api(`/api/qr-codes/${onlyB.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
  });

  it('refuses unknown partners and bad ids with clear messages', async () => {
    const code = await generate();
    const unknown = randomUUID();
    const res = await assign(code.id, [unknown]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Partner not found: ${unknown}`);
    const notList = await h.api(`/api/qr-codes/${code.id}/assign-partners`, {
      method: 'POST',
      token: admin,
      json: { partnerIds: 'x' },
    });
    expect(notList.status).toBe(400);
    expect(notList.body.message).toBe('partnerIds must be a list of partner ids');
    expect((await assign(randomUUID(), [])).status).toBe(404);
    expect((await h.api('/api/qr-codes/nope/partners', { token: admin })).status).toBe(400);
  });

  it("lists a vendor's codes, paged", async () => {
    const code = await generate();
    await assign(code.id, [companyA.companyId]);
    const res = await h.api(`/api/vendors/${companyA.companyId}/qr-codes?limit=10`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 10, offset: 0 });
    expect(res.body.items.map((c: { id: string }) => c.id)).toContain(code.id);
  });
});

describe('stats and lists', () => {
  it('admin and company stats, redemptions and paging', async () => {
    const code = await generate({ clinic: 'Stats Clinic', usageLimit: '5' });
    await assign(code.id, [companyB.companyId]);
    await redeem(code.id);
    const adminStats = await h.api('/api/admin/stats', { token: admin });
    expect(adminStats.status).toBe(200);
    expect(adminStats.body.totalQrCodes).toBeGreaterThan(0);
    expect(adminStats.body.todayRedemptions).toBeGreaterThan(0);
    expect(adminStats.body.redemptionRate).toBe(
      Math.round((adminStats.body.totalRedemptions / adminStats.body.totalQrCodes) * 100),
    );

    // Anyone sees the platform totals, and nothing more.
    const publicStats = await h.api('/api/public/stats');
    expect(publicStats.status).toBe(200);
    expect(publicStats.body).toEqual({
      totalQrCodes: adminStats.body.totalQrCodes,
      totalRedemptions: adminStats.body.totalRedemptions,
      activePartners: adminStats.body.activePartners,
    });

    const stats = await h.api('/api/stats', { token: companyB.token });
    expect(stats.body).toMatchObject({ totalRedemptions: 1, todayRedemptions: 1, activePartners: 1 });
    const mine = await h.api('/api/redemptions', { token: companyB.token });
    expect(mine.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(mine.body.items[0]).toMatchObject({ qrCodeId: code.id, facility: 'Stats Clinic' });
    const none = await h.api('/api/redemptions', { token: companyA.token });
    expect(none.body.total).toBe(0);

    const codes = await h.api('/api/admin/qr-codes?limit=2&offset=1', { token: admin });
    expect(codes.body).toMatchObject({ limit: 2, offset: 1 });
    expect(codes.body.items).toHaveLength(2);
    const bad = await h.api('/api/admin/qr-codes?limit=0', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be at least 1');
  });
});

describe('bulk generation', () => {
  const bulkBody = (extra: Record<string, unknown> = {}) => ({
    batchName: 'Gym Night',
    facility: 'Iron Gym',
    quantity: 3,
    discountType: 'fixed',
    discountValue: 10,
    service: 'Day pass',
    expirationDate: '2099-06-30',
    usageLimit: '1',
    ...extra,
  });

  it('creates a batch, lists it and shows its codes', async () => {
    const res = await h.api('/api/bulk-generate', { method: 'POST', token: admin, json: bulkBody() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ batchName: 'Gym Night', count: 3 });
    expect(res.body.qrCodes).toHaveLength(3);
    expect(res.body.sample).toMatchObject({
      clinicName: 'Iron Gym',
      discountType: 'fixed',
      discountValue: 10,
    });
    const list = await h.api('/api/admin/batches', { token: admin });
    expect(list.body.items[0]).toMatchObject({ batchId: res.body.batchId, count: 3, redeemed: 0 });
    await redeem(res.body.qrCodes[0].id);
    const detail = await h.api(`/api/admin/batches/${res.body.batchId}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ batchId: res.body.batchId, redeemed: 1 });
    expect(detail.body.qrCodes).toHaveLength(3);
    expect((await h.api(`/api/admin/batches/${randomUUID()}`, { token: admin })).status).toBe(404);
  });

  it.each([
    [{ quantity: 100_001 }, 'quantity', bulkMaxMessage(100_000)],
    [{ batchName: '' }, 'batchName', 'Batch name is required'],
    [{ quantity: 2.5 }, 'quantity', 'Quantity must be a whole number'],
    [{ discountValue: 0 }, 'discountValue', 'Discount value must be greater than 0'],
  ])('refuses %j (%s: %s)', async (extra, field, message) => {
    const res = await h.api('/api/bulk-generate', { method: 'POST', token: admin, json: bulkBody(extra) });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toEqual([message]);
  });
});

describe('deleting a partner', () => {
  it('removes its assignments; the codes stay, with their other partners', async () => {
    const gone = await createPartnerWithUser(h, 'Closing Cafe');
    const stays = await createPartnerWithUser(h, 'Staying Studio');
    const code = await generate({ clinic: 'Shared Perk' });
    await assign(code.id, [gone.companyId, stays.companyId]);
    expect((await h.api(`/api/vendors/${gone.companyId}`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    const partnersOf = async () =>
      (await h.api(`/api/qr-codes/${code.id}/partners`, { token: admin })).body.map(
        (p: { partnerId: string }) => p.partnerId,
      );
    await waitFor(async () => ((await partnersOf()).length === 1 ? true : null), {
      message: 'the deleted partner to lose its assignment',
    });
    expect(await partnersOf()).toEqual([stays.companyId]);
    expect((await h.api(`/api/qr-codes/${code.id}`)).status).toBe(200);
  });
});

describe('public partner counters', () => {
  it('GET /api/public/partners counts assigned codes and active offers from voucher events', async () => {
    const p = await createPartnerWithUser(h, 'Counter Gym');
    const counts = async () => {
      const res = await h.api('/api/public/partners');
      const row = res.body.find((x: { id: string }) => x.id === p.companyId);
      return `${row?.activeOffers}/${row?.totalQrCodes}`;
    };
    const live = await generate({ usageLimit: '1' });
    // A new voucher cannot be expired already: this one is made, then dated in the past in its table.
    const expired = await generate({});
    const db = new pg.Client({ connectionString: h.env.DATABASE_URL });
    await db.connect();
    await db.query(`update vouchers.qr_codes set expiration_date = '2020-01-01' where id = $1`, [expired.id]);
    await db.end();
    await assign(live.id, [p.companyId]);
    await assign(expired.id, [p.companyId]);
    await waitFor(async () => (await counts()) === '1/2' || null, { message: 'counters 1/2' });
    await redeem(live.id); // used up now
    await waitFor(async () => (await counts()) === '0/2' || null, { message: 'counters 0/2' });
    await h.api(`/api/qr-codes/${expired.id}`, { method: 'DELETE', token: p.token });
    await waitFor(async () => (await counts()) === '0/1' || null, { message: 'counters 0/1' });
  });
});

describe('logo upload', () => {
  const png = () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a5' } })
      .png()
      .toBuffer();
  const logoForm = (data: Buffer, name = 'logo.png', type = 'image/png', field = 'logo') => {
    const fd = new FormData();
    fd.append(field, new Blob([new Uint8Array(data)], { type }), name);
    return fd;
  };

  it('stores a PNG and answers logoUrl and url', async () => {
    const res = await h.api('/api/upload-logo', {
      method: 'POST',
      token: admin,
      body: logoForm(await png()),
    });
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(res.body.url).toBe(res.body.logoUrl);
    // The logo can be used for a code.
    const code = await generate({ logoUrl: res.body.logoUrl });
    expect((await h.api(`/api/qr-codes/${code.id}`)).body.logoUrl).toBe(res.body.logoUrl);
  });

  it('refuses a file over 2 MB (413), a non-image (415) and no file (400)', async () => {
    const big = await h.api('/api/upload-logo', {
      method: 'POST',
      token: admin,
      body: logoForm(Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)])),
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Please select a file smaller than 2MB.');
    const text = await h.api('/api/upload-logo', {
      method: 'POST',
      token: admin,
      body: logoForm(Buffer.from('<svg onload=alert(1)>'), 'logo.png', 'image/png'),
    });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Please select an image file (PNG, JPG, JPEG).');
    const none = await h.api('/api/upload-logo', {
      method: 'POST',
      token: admin,
      body: logoForm(await png(), 'x.png', 'image/png', 'other'),
    });
    expect(none.status).toBe(400);
  });
});
