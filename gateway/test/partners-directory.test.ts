import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

type VendorRow = { id: string; name: string; logoUrl: string | null; galleryPhotos: string[] };

const png = (colour = '#0a7') =>
  sharp({ create: { width: 24, height: 24, channels: 4, background: colour } })
    .png()
    .toBuffer();

async function upload(fields: Record<string, string>) {
  const fd = new FormData();
  fd.append('photo', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'p.png');
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return h.api('/api/upload/vendor-photo', { method: 'POST', token: admin, body: fd });
}

/** Files under DATA_DIR/uploads: what must not outlive the records that show them. */
async function fileCount(): Promise<number> {
  try {
    return (await readdir(join(h.dataDir, 'uploads'))).length;
  } catch {
    return 0;
  }
}

async function createVendor(json: Record<string, unknown>): Promise<VendorRow> {
  const res = await h.api('/api/vendors', { method: 'POST', token: admin, json });
  expect(res.status).toBe(201);
  return res.body as VendorRow;
}

describe('GET /api/vendors: the partners screen page', () => {
  const tag = `dir${randomUUID().slice(0, 6)}`;
  let made: VendorRow[];
  beforeAll(async () => {
    made = [];
    for (let i = 1; i <= 5; i++) {
      made.push(
        await createVendor({
          name: `${tag} Partner ${i}`,
          email: `p${i}@${tag}.example`,
          categories: i % 2 ? ['Restaurant'] : ['Fitness Center', 'Retail'],
        }),
      );
    }
    await createVendor({ name: `Other 50%_off ${tag}`, email: `sale@${tag}-x.example` });
  });

  it('pages newest first by offset and by cursor, with the total', async () => {
    const first = await h.api(`/api/vendors?search=${tag} Partner&limit=2`, { token: admin });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(5);
    expect(first.body.items.map((v: VendorRow) => v.name)).toEqual([`${tag} Partner 5`, `${tag} Partner 4`]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await h.api(
      `/api/vendors?search=${tag} Partner&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { token: admin },
    );
    expect(second.body.items.map((v: VendorRow) => v.name)).toEqual([`${tag} Partner 3`, `${tag} Partner 2`]);
    const byOffset = await h.api(`/api/vendors?search=${tag} Partner&limit=2&offset=4`, { token: admin });
    expect(byOffset.body.items.map((v: VendorRow) => v.name)).toEqual([`${tag} Partner 1`]);
    expect(byOffset.body.nextCursor).toBeNull();
    expect(byOffset.body).toMatchObject({ total: 5, limit: 2, offset: 4 });
  });

  it('searches the name or the e-mail in any case, and % or _ mean themselves', async () => {
    const byEmail = await h.api(`/api/vendors?search=P3@${tag.toUpperCase()}`, { token: admin });
    expect(byEmail.body.items.map((v: VendorRow) => v.id)).toEqual([made[2]!.id]);
    const byName = await h.api(`/api/vendors?search=${tag.toUpperCase()} PARTNER 1`, { token: admin });
    expect(byName.body.items.map((v: VendorRow) => v.name)).toEqual([`${tag} Partner 1`]);
    const literal = await h.api(`/api/vendors?search=${encodeURIComponent('50%_off')}`, { token: admin });
    expect(literal.body.items.map((v: VendorRow) => v.name)).toEqual([`Other 50%_off ${tag}`]);
    const wildcard = await h.api(`/api/vendors?search=${encodeURIComponent(`${tag} Partner _`)}`, {
      token: admin,
    });
    expect(wildcard.body.total).toBe(0);
  });

  it('filters by category, alone or with the search', async () => {
    const restaurants = await h.api(`/api/vendors?search=${tag}&category=Restaurant`, { token: admin });
    expect(restaurants.body.items.map((v: VendorRow) => v.name)).toEqual([
      `${tag} Partner 5`,
      `${tag} Partner 3`,
      `${tag} Partner 1`,
    ]);
    expect(restaurants.body.total).toBe(3);
    const retail = await h.api(`/api/vendors?category=Retail&search=${tag}`, { token: admin });
    expect(retail.body.total).toBe(2);
    const none = await h.api(`/api/vendors?category=Healthcare&search=${tag}`, { token: admin });
    expect(none.body).toMatchObject({ items: [], total: 0, nextCursor: null });
    const all = await h.api(`/api/vendors?category=&search=${tag}`, { token: admin });
    expect(all.body.total).toBe(6);
  });

  it.each([
    ['limit=0', 'limit', 'limit must be at least 1'],
    ['limit=201', 'limit', 'limit must be at most 200'],
    ['limit=abc', 'limit', 'limit must be a number, not "abc"'],
    ['offset=-1', 'offset', 'offset must not be negative'],
    ['cursor=garbage', 'cursor', 'cursor is not valid; start again from the first page'],
    [`search=${'x'.repeat(101)}`, 'search', 'search must be at most 100 characters'],
    [`category=${'x'.repeat(61)}`, 'category', 'category must be at most 60 characters'],
  ])('?%s is refused with a message (400)', async (query, field, message) => {
    const res = await h.api(`/api/vendors?${query}`, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('is the administrator’s: anonymous 401, partner staff 403', async () => {
    expect((await h.api('/api/vendors')).status).toBe(401);
    const staff = await createPartnerWithUser(h, `Dir Staff ${tag}`);
    expect((await h.api('/api/vendors', { token: staff.token })).status).toBe(403);
    expect(
      (await h.api(`/api/vendors/${staff.companyId}`, { method: 'DELETE', token: staff.token })).status,
    ).toBe(403);
    const own = staff.companyId;
    for (const [method, path] of [
      ['GET', `/api/vendors/${own}`],
      ['PATCH', `/api/vendors/${own}`],
      ['GET', `/api/vendors/${own}/qr-codes`],
      ['GET', `/api/partners/${own}/users`],
      ['POST', `/api/partners/${own}/users`],
      ['PATCH', `/api/partners/${own}/users/${staff.userId}`],
    ] as const) {
      const json =
        method === 'GET' ? undefined : { isActive: false, username: 'x', password: 'shop-secret-1' };
      expect((await h.api(path, { method, token: staff.token, json })).status, `${method} ${path}`).toBe(403);
      expect((await h.api(path, { method, json })).status, `anonymous ${method} ${path}`).toBe(401);
    }
    const fd = new FormData();
    fd.append('photo', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'p.png');
    const upload = await h.api('/api/upload/vendor-photo', { method: 'POST', token: staff.token, body: fd });
    expect(upload.status).toBe(403);
    expect((await h.api('/api/upload/vendor-photo', { method: 'POST', body: fd })).status).toBe(401);
    // The refused staff user was not deactivated by any of those calls.
    expect((await h.api('/api/auth/user', { token: staff.token })).status).toBe(200);
  });
});

describe('partner photos leave no orphan files under DATA_DIR', () => {
  it('a replaced logo, a removed gallery photo and a deleted partner take their files with them', async () => {
    const start = await fileCount();
    const v = await createVendor({ name: 'Files Galore' });
    const logo1 = await upload({ vendorId: v.id, photoType: 'logo' });
    expect(logo1.status).toBe(200);
    expect(await fileCount()).toBe(start + 1);
    const logo2 = await upload({ vendorId: v.id, photoType: 'logo' });
    expect(logo2.body.url).not.toBe(logo1.body.url);
    // The replaced logo's file is gone; the new one is served.
    expect(await fileCount()).toBe(start + 1);
    expect((await fetch(`${h.url}${logo1.body.url}`)).status).toBe(404);
    expect((await fetch(`${h.url}${logo2.body.url}`)).status).toBe(200);

    const g1 = await upload({ vendorId: v.id, photoType: 'gallery' });
    const g2 = await upload({ vendorId: v.id, photoType: 'gallery' });
    expect(await fileCount()).toBe(start + 3);
    const removed = await h.api(`/api/vendors/${v.id}`, {
      method: 'PATCH',
      token: admin,
      json: { galleryPhotos: [g2.body.url] },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.galleryPhotos).toEqual([g2.body.url]);
    expect(await fileCount()).toBe(start + 2);
    expect((await fetch(`${h.url}${g1.body.url}`)).status).toBe(404);

    // Clearing the logo by PATCH lets its file go too.
    const cleared = await h.api(`/api/vendors/${v.id}`, {
      method: 'PATCH',
      token: admin,
      json: { logoUrl: null },
    });
    expect(cleared.body.logoUrl).toBeNull();
    expect(await fileCount()).toBe(start + 1);

    expect((await h.api(`/api/vendors/${v.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    expect(await fileCount()).toBe(start);
  });

  it('a refused upload leaves no file, and an unknown partner is 404', async () => {
    const start = await fileCount();
    const unknown = await upload({ vendorId: randomUUID(), photoType: 'logo' });
    expect(unknown.status).toBe(404);
    expect(await fileCount()).toBe(start);
    expect(
      (await h.api(`/api/vendors/${randomUUID()}`, { method: 'PATCH', token: admin, json: { name: 'x' } }))
        .status,
    ).toBe(404);
    expect((await h.api(`/api/vendors/${randomUUID()}`, { method: 'DELETE', token: admin })).status).toBe(
      404,
    );
    expect((await h.api(`/api/partners/${randomUUID()}/users`, { token: admin })).status).toBe(404);
    expect((await h.api(`/api/vendors/${randomUUID()}/qr-codes`, { token: admin })).status).toBe(404);
  });

  it('deleting a partner keeps its vouchers, their redemptions and the logo they show', async () => {
    const v = await createVendor({ name: 'Logo Lender' });
    const logo = await upload({ vendorId: v.id, photoType: 'logo' });
    const gallery = await upload({ vendorId: v.id, photoType: 'gallery' });
    const code = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic: 'Logo Lender',
        discountType: 'percentage',
        discountValue: '10',
        service: 'Coffee',
        expirationDate: '2099-12-31',
        usageLimit: '3',
        deploymentUrl: 'https://site.example',
        logoUrl: logo.body.url,
      },
    });
    expect(code.status).toBe(201);
    await h.api(`/api/qr-codes/${code.body.id}/assign-partners`, {
      method: 'POST',
      token: admin,
      json: { partnerIds: [v.id] },
    });
    expect((await h.api(`/api/redeem/${code.body.id}`, { method: 'POST' })).status).toBe(200);
    const start = await fileCount();
    expect((await h.api(`/api/vendors/${v.id}`, { method: 'DELETE', token: admin })).status).toBe(200);
    // The gallery photo went; the logo stays because the voucher still shows it.
    expect(await fileCount()).toBe(start - 1);
    expect((await fetch(`${h.url}${gallery.body.url}`)).status).toBe(404);
    expect((await fetch(`${h.url}${logo.body.url}`)).status).toBe(200);
    const voucher = await h.api(`/api/qr-codes/${code.body.id}`);
    expect(voucher.status).toBe(200);
    expect(voucher.body).toMatchObject({ logoUrl: logo.body.url, usageCount: 1 });
  });
});

describe('portal users', () => {
  it('usernames are unique in any case, even when two are created at once', async () => {
    const a = await createVendor({ name: 'Case Co A' });
    const b = await createVendor({ name: 'Case Co B' });
    const results = await Promise.all([
      h.api(`/api/partners/${a.id}/users`, {
        method: 'POST',
        token: admin,
        json: { username: 'Front-Desk', password: 'shop-secret-1' },
      }),
      h.api(`/api/partners/${b.id}/users`, {
        method: 'POST',
        token: admin,
        json: { username: 'front-DESK', password: 'shop-secret-1' },
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    // Signing in ignores the case too.
    const login = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: 'FRONT-desk', password: 'shop-secret-1' },
    });
    expect(login.status).toBe(200);
  });

  it("a deactivated user's token is refused on its very next request, and it cannot sign in again", async () => {
    const p = await createPartnerWithUser(h, 'Switch Off Gym');
    expect((await h.api('/api/qr-codes/all', { token: p.token })).status).toBe(200);
    const off = await h.api(`/api/partners/${p.companyId}/users/${p.userId}`, {
      method: 'PATCH',
      token: admin,
      json: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await h.api('/api/qr-codes/all', { token: p.token })).status).toBe(401);
    const again = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: p.username, password: 'staff-password' },
    });
    expect(again.status).toBe(403);
    const on = await h.api(`/api/partners/${p.companyId}/users/${p.userId}`, {
      method: 'PATCH',
      token: admin,
      json: { isActive: true },
    });
    expect(on.body.isActive).toBe(true);
    const back = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: p.username, password: 'staff-password' },
    });
    expect(back.status).toBe(200);
    // The old token stays ended: reactivation does not revive a session.
    expect((await h.api('/api/qr-codes/all', { token: p.token })).status).toBe(401);
  });
});
