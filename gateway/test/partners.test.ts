import { randomUUID } from 'node:crypto';
import { waitFor } from '@avpass/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

describe('partners (vendors)', () => {
  it('the administrator creates, lists, edits and deletes a partner', async () => {
    const created = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: {
        name: '  Peak Physio  ',
        email: 'Hello@PeakPhysio.com',
        website: 'https://peakphysio.example',
        categories: ['Physical Therapy'],
        phone: '',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Peak Physio',
      email: 'hello@peakphysio.com',
      phone: null,
      categories: ['Physical Therapy'],
      isActive: true,
      galleryPhotos: [],
    });
    const list = await h.api('/api/vendors', { token: admin });
    expect(list.body.items.map((v: { id: string }) => v.id)).toContain(created.body.id);
    const edited = await h.api(`/api/vendors/${created.body.id}`, {
      method: 'PATCH',
      token: admin,
      json: { contactInfo: 'Open 7 days', isActive: false },
    });
    expect(edited.status).toBe(200);
    // Fields the PATCH did not send are kept.
    expect(edited.body).toMatchObject({
      contactInfo: 'Open 7 days',
      isActive: false,
      name: 'Peak Physio',
      email: 'hello@peakphysio.com',
      website: 'https://peakphysio.example',
    });
    const removed = await h.api(`/api/vendors/${created.body.id}`, { method: 'DELETE', token: admin });
    expect(removed.status).toBe(200);
    expect((await h.api(`/api/vendors/${created.body.id}`, { method: 'DELETE', token: admin })).status).toBe(
      404,
    );
  });

  it.each([
    [{}, 'name', 'Partner name is required'],
    [{ name: '   ' }, 'name', 'Partner name is required'],
    [{ name: 'X', email: 'not-an-email' }, 'email', 'Valid email required'],
    [{ name: 'X', website: 'peak physio' }, 'website', 'Please enter a valid URL (https://...)'],
  ])('creating a partner with %j is a 400 naming the field', async (body, field, message) => {
    const res = await h.api('/api/vendors', { method: 'POST', token: admin, json: body });
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toContain(message);
  });

  it('a logo must be a file uploaded to AV Pass', async () => {
    const v = await h.api('/api/vendors', { method: 'POST', token: admin, json: { name: 'Logo Check' } });
    const res = await h.api(`/api/vendors/${v.body.id}`, {
      method: 'PATCH',
      token: admin,
      json: { logoUrl: 'https://evil.example/x.png' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.logoUrl).toContain('Must be a file uploaded to AV Pass (/uploads/...)');
  });

  it('two partners cannot share an e-mail, even when created at the same moment', async () => {
    const body = { name: 'Twin', email: 'twin@example.com' };
    const results = await Promise.all(
      [1, 2, 3].map(() => h.api('/api/vendors', { method: 'POST', token: admin, json: body })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toMatch(/already exists/);
  });

  it('unknown and malformed ids are 404 and 400', async () => {
    expect(
      (await h.api(`/api/vendors/${randomUUID()}`, { method: 'PATCH', token: admin, json: { name: 'Y' } }))
        .status,
    ).toBe(404);
    const bad = await h.api('/api/vendors/not-a-uuid', {
      method: 'PATCH',
      token: admin,
      json: { name: 'Y' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Not a valid id');
  });

  it('partner staff are refused (403) and visitors must sign in (401)', async () => {
    const p = await createPartnerWithUser(h, 'Refused Co');
    for (const [method, path] of [
      ['GET', '/api/vendors'],
      ['POST', '/api/vendors'],
      ['PATCH', `/api/vendors/${p.companyId}`],
      ['DELETE', `/api/vendors/${p.companyId}`],
      ['GET', `/api/partners/${p.companyId}/users`],
      ['POST', `/api/partners/${p.companyId}/users`],
      ['PATCH', `/api/partners/${p.companyId}/users/${p.userId}`],
    ] as const) {
      expect(
        (await h.api(path, { method, token: p.token, json: {} })).status,
        `${method} ${path} as partner`,
      ).toBe(403);
      expect((await h.api(path, { method, json: {} })).status, `${method} ${path} anonymous`).toBe(401);
    }
  });
});

describe('companies and the public partner list', () => {
  it('a company admin sees only its own company; the administrator sees all', async () => {
    const a = await createPartnerWithUser(h, 'Alpha Athletics');
    const b = await createPartnerWithUser(h, 'Bravo Boxing');
    const mine = await h.api('/api/companies', { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body.map((c: { id: string }) => c.id)).toEqual([a.companyId]);
    const all = await h.api('/api/companies', { token: admin });
    expect(all.body.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([a.companyId, b.companyId]),
    );
    expect((await h.api('/api/companies')).status).toBe(401);
  });

  it('visitors see active partners with zero offers until vouchers exist', async () => {
    const v = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: { name: 'Public Pizza', contactInfo: 'Slices all day' },
    });
    const hidden = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: { name: 'Hidden Hats' },
    });
    await h.api(`/api/vendors/${hidden.body.id}`, {
      method: 'PATCH',
      token: admin,
      json: { isActive: false },
    });
    const res = await h.api('/api/public/partners');
    expect(res.status).toBe(200);
    const pizza = res.body.find((p: { id: string }) => p.id === v.body.id);
    expect(pizza).toEqual({
      id: v.body.id,
      name: 'Public Pizza',
      logoUrl: null,
      contactInfo: 'Slices all day',
      activeOffers: 0,
      totalQrCodes: 0,
    });
    expect(res.body.find((p: { id: string }) => p.id === hidden.body.id)).toBeUndefined();
  });
});

describe('portal users', () => {
  it('are created, listed and validated', async () => {
    const v = await h.api('/api/vendors', { method: 'POST', token: admin, json: { name: 'Users Inc' } });
    const path = `/api/partners/${v.body.id}/users`;
    const created = await h.api(path, {
      method: 'POST',
      token: admin,
      json: { username: 'ui-staff', password: 'shop-secret-1', firstName: 'Sam', email: '' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      username: 'ui-staff',
      firstName: 'Sam',
      email: null,
      isActive: true,
      companyId: v.body.id,
    });
    expect(created.body).not.toHaveProperty('passwordHash');
    const list = await h.api(path, { token: admin });
    expect(list.body.map((u: { username: string }) => u.username)).toEqual(['ui-staff']);
    const dup = await h.api(path, {
      method: 'POST',
      token: admin,
      json: { username: 'UI-STAFF', password: 'shop-secret-1' },
    });
    expect(dup.status).toBe(409);
    const noName = await h.api(path, { method: 'POST', token: admin, json: { password: 'shop-secret-1' } });
    expect(noName.body.errors.username).toContain('Username is required');
    const short = await h.api(path, {
      method: 'POST',
      token: admin,
      json: { username: 'x', password: '123' },
    });
    expect(short.body.errors.password).toContain('Password must be at least 6 characters');
    const noCompany = await h.api(`/api/partners/${randomUUID()}/users`, {
      method: 'POST',
      token: admin,
      json: { username: 'y', password: 'shop-secret-1' },
    });
    expect(noCompany.status).toBe(404);
    const badToggle = await h.api(`${path}/${created.body.id}`, {
      method: 'PATCH',
      token: admin,
      json: { isActive: 'yes' },
    });
    expect(badToggle.status).toBe(400);
  });

  it("another company's user cannot be toggled through this company", async () => {
    const a = await createPartnerWithUser(h, 'Cross One');
    const b = await createPartnerWithUser(h, 'Cross Two');
    const res = await h.api(`/api/partners/${a.companyId}/users/${b.userId}`, {
      method: 'PATCH',
      token: admin,
      json: { isActive: false },
    });
    expect(res.status).toBe(404);
    expect((await h.api('/api/auth/user', { token: b.token })).status).toBe(200);
  });

  it('deleting a partner deactivates its portal users and ends their sessions', async () => {
    const p = await createPartnerWithUser(h, 'Closing Down Cafe');
    expect((await h.api(`/api/vendors/${p.companyId}`, { method: 'DELETE', token: admin })).status).toBe(200);
    await waitFor(async () => (await h.api('/api/auth/user', { token: p.token })).status === 401, {
      timeoutMs: 10_000,
      message: 'the deleted partner user session did not end',
    });
    const login = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: p.username, password: 'staff-password' },
    });
    expect(login.status).toBe(403);
  });
});
