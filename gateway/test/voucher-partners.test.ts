import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

/**
 * Issue 24 over HTTP: a code made for a partner (`partnerId`) is in that partner's portal at once and
 * in no other; an unknown partner is 404 and nothing is made; a company_admin may generate and bulk
 * generate (spec §2), always for its own company; a code with a start is refused until it starts.
 */
let h: Harness;
let admin: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Sports Shop Http');
  other = await createPartnerWithUser(h, 'Other Gym Http');
});
afterAll(async () => h?.close());

/** The payload the old client sends: numbers as text, the partner's name as `clinic`. */
const codeBody = (extra: Record<string, unknown> = {}) => ({
  discountType: 'percentage',
  discountValue: '25',
  service: 'Running shoes',
  expirationDate: '2099-12-31',
  usageLimit: '3',
  deploymentUrl: 'https://site.example',
  ...extra,
});
const batchBody = (extra: Record<string, unknown> = {}) => ({
  batchName: 'Spring',
  quantity: '5',
  ...codeBody(),
  ...extra,
});
const post = (path: string, token: string | null, json: unknown) =>
  h.api(path, { method: 'POST', token, json });

/** A company's portal: its code list (ids and total) and its stats. */
async function portal(token: string) {
  const [list, stats, recent] = await Promise.all([
    h.api('/api/qr-codes/all?limit=200', { token }),
    h.api('/api/stats', { token }),
    h.api('/api/qr-codes', { token }),
  ]);
  expect([list.status, stats.status, recent.status]).toEqual([200, 200, 200]);
  return {
    ids: new Set<string>(list.body.items.map((c: { id: string }) => c.id)),
    recent: recent.body.map((c: { id: string }) => c.id) as string[],
    total: list.body.total as number,
    codes: stats.body.totalQrCodes as number,
  };
}
const adminCount = async () =>
  (await h.api('/api/admin/stats', { token: admin })).body.totalQrCodes as number;

describe('partnerId on every create route', () => {
  it('POST /api/generate-qr: the partner’s code, in its portal at once, not in another’s', async () => {
    const before = await portal(shop.token);
    const res = await post('/api/generate-qr', admin, codeBody({ partnerId: shop.companyId }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ vendorId: shop.companyId, clinicName: 'Sports Shop Http' });
    const after = await portal(shop.token);
    expect(after.ids.has(res.body.id)).toBe(true);
    expect(after.recent).toContain(res.body.id);
    expect([after.total, after.codes]).toEqual([before.total + 1, before.codes + 1]);
    expect((await portal(other.token)).ids.has(res.body.id)).toBe(false);
    const vendor = await h.api(`/api/vendors/${shop.companyId}/qr-codes?limit=200`, { token: admin });
    expect(vendor.body.items.filter((c: { id: string }) => c.id === res.body.id)).toHaveLength(1);
  });

  it('POST /api/bulk-generate: the whole batch is in the partner’s portal, counted exactly', async () => {
    const before = await portal(shop.token);
    const res = await post('/api/bulk-generate', admin, batchBody({ partnerId: shop.companyId }));
    expect(res.status).toBe(201);
    const after = await portal(shop.token);
    expect([after.total, after.codes]).toEqual([before.total + 5, before.codes + 5]);
    for (const c of res.body.qrCodes as { id: string }[]) expect(after.ids.has(c.id)).toBe(true);
  });

  it('POST /api/generate-trainer-qr: the trainer code is the partner’s', async () => {
    const res = await post('/api/generate-trainer-qr', admin, {
      trainerName: 'Ann',
      customTitle: 'Athlete Perk',
      partnerId: shop.companyId,
      usageLimit: '100',
    });
    expect(res.status).toBe(201);
    expect((await portal(shop.token)).ids.has(res.body.id)).toBe(true);
    const list = await h.api('/api/qr-codes/trainers?limit=200', { token: admin });
    const code = list.body.items.find((c: { id: string }) => c.id === res.body.id);
    expect(code).toMatchObject({ vendorId: shop.companyId, clinicName: 'Sports Shop Http' });
  });

  it.each([
    ['/api/generate-qr', () => codeBody({ partnerId: randomUUID() })],
    ['/api/bulk-generate', () => batchBody({ partnerId: randomUUID() })],
    [
      '/api/generate-trainer-qr',
      () => ({ trainerName: 'Bo', customTitle: 'Perk', partnerId: randomUUID(), usageLimit: 100 }),
    ],
  ])('%s with an unknown partner is 404 Partner not found, and nothing is made', async (path, body) => {
    const before = await adminCount();
    const res = await post(path, admin, body());
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Partner not found');
    expect(await adminCount()).toBe(before);
  });

  it('an old client that sends only clinic still makes a club-wide code', async () => {
    const res = await post('/api/generate-qr', admin, codeBody({ clinic: 'Peak Physio' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ clinicName: 'Peak Physio', vendorId: null, startDate: null });
    expect((await portal(shop.token)).ids.has(res.body.id)).toBe(false);
  });
});

describe('a company_admin on /generate and /bulk', () => {
  it('makes its own company’s codes, named after it, whatever the body says', async () => {
    const one = await post('/api/generate-qr', shop.token, codeBody());
    expect(one.status).toBe(201);
    expect(one.body).toMatchObject({ vendorId: shop.companyId, clinicName: 'Sports Shop Http' });
    const batch = await post('/api/bulk-generate', shop.token, batchBody({ quantity: 2 }));
    expect(batch.status).toBe(201);
    expect(batch.body.sample.vendorId).toBe(shop.companyId);
    const seen = await portal(shop.token);
    for (const id of [one.body.id, ...batch.body.qrCodes.map((c: { id: string }) => c.id)])
      expect(seen.ids.has(id)).toBe(true);
    expect(seen.total).toBe(seen.codes);
    expect((await portal(other.token)).ids.has(one.body.id)).toBe(false);
  });

  it('is refused another company’s partnerId with 403, and nothing is made', async () => {
    const before = await adminCount();
    for (const [path, body] of [
      ['/api/generate-qr', codeBody({ partnerId: other.companyId })],
      ['/api/bulk-generate', batchBody({ partnerId: other.companyId })],
    ] as const) {
      const res = await post(path, shop.token, body);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You can only create codes for your own company');
    }
    expect(await adminCount()).toBe(before);
  });

  // A guard (the routes were already closed to anonymous callers): opening them to company users must
  // not open them to everyone.
  it('without a session both are 401', async () => {
    expect((await post('/api/generate-qr', null, codeBody({ clinic: 'X' }))).status).toBe(401);
    expect((await post('/api/bulk-generate', null, batchBody({ facility: 'X' }))).status).toBe(401);
  });
});

describe('startDate', () => {
  it('a code that starts later is Upcoming and its redeem is refused with the date', async () => {
    const res = await post(
      '/api/generate-qr',
      admin,
      codeBody({ clinic: 'Peak Physio', startDate: '2099-01-01' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ startDate: '2099-01-01', status: 'upcoming' });
    const page = await h.api(`/api/qr-codes/${res.body.id}`);
    expect(page.body).toMatchObject({ startDate: '2099-01-01', status: 'upcoming' });
    const redeem = await h.api(`/api/redeem/${res.body.id}`, { method: 'POST' });
    expect(redeem.status).toBe(409);
    expect(redeem.body.message).toBe('This voucher is valid from Jan 1, 2099.');
    expect((await h.api(`/api/qr-codes/${res.body.id}`)).body.usageCount).toBe(0);
  });

  it('a start after the expiry is 400 with a readable message', async () => {
    const res = await post(
      '/api/generate-qr',
      admin,
      codeBody({ clinic: 'X', startDate: '2099-12-31', expirationDate: '2099-06-30' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.startDate).toEqual(['Start date must be on or before the expiration date']);
  });
});
