import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 39: a partner's legal name (the payout export's "Legal name"), an optional field of the
// partner's create and edit like its phone or address.
let h: Harness;
let admin: string;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners'] });
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

describe('a partner’s legal name', () => {
  it('is kept on create and edit, trimmed, emptied back to none, and left alone when not sent', async () => {
    const created = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: { name: 'Riverside Bikes', legalName: '  Riverside Bicycle Co. LLC ' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ name: 'Riverside Bikes', legalName: 'Riverside Bicycle Co. LLC' });
    const id = created.body.id as string;
    const patch = (json: unknown) => h.api(`/api/vendors/${id}`, { method: 'PATCH', token: admin, json });
    // Another field changed: the legal name stays.
    expect((await patch({ phone: '555-0100' })).body.legalName).toBe('Riverside Bicycle Co. LLC');
    expect((await patch({ legalName: 'Riverside Cycles Inc.' })).body.legalName).toBe(
      'Riverside Cycles Inc.',
    );
    expect((await h.api(`/api/vendors/${id}`, { token: admin })).body.legalName).toBe(
      'Riverside Cycles Inc.',
    );
    expect((await patch({ legalName: '' })).body.legalName).toBeNull();
    expect((await patch({ legalName: 'Riverside Cycles Inc.' })).status).toBe(200);
    expect((await patch({ legalName: null })).body.legalName).toBeNull();
    // A partner made without one has none.
    const plain = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: { name: 'Plain Bikes' },
    });
    expect(plain.body.legalName).toBeNull();
  });

  it('refuses a legal name that is too long, not text, or holds control characters, with a clear message', async () => {
    const created = await h.api('/api/vendors', {
      method: 'POST',
      token: admin,
      json: { name: 'Validated Bikes' },
    });
    const cases: [unknown, string][] = [
      ['x'.repeat(201), 'Must be at most 200 characters'],
      [42, ''],
      ['Bikes\u0007 LLC', ''],
    ];
    for (const [legalName, message] of cases) {
      for (const res of [
        await h.api('/api/vendors', { method: 'POST', token: admin, json: { name: 'Bad Bikes', legalName } }),
        await h.api(`/api/vendors/${created.body.id}`, {
          method: 'PATCH',
          token: admin,
          json: { legalName },
        }),
      ]) {
        expect(res.status, JSON.stringify(legalName)).toBe(400);
        expect(res.body.errors?.legalName?.[0] ?? res.body.message).toContain(message);
      }
    }
  });

  it('refuses visitors (401) and partners (403); an unknown partner is a 404', async () => {
    const shop = await createPartnerWithUser(h, 'Legal Refusals');
    const json = { legalName: 'Hijacked LLC' };
    expect((await h.api('/api/vendors', { method: 'POST', json: { name: 'X', ...json } })).status).toBe(401);
    expect((await h.api(`/api/vendors/${shop.companyId}`, { method: 'PATCH', json })).status).toBe(401);
    expect(
      (await h.api('/api/vendors', { method: 'POST', token: shop.token, json: { name: 'X', ...json } }))
        .status,
    ).toBe(403);
    expect(
      (await h.api(`/api/vendors/${shop.companyId}`, { method: 'PATCH', token: shop.token, json })).status,
    ).toBe(403);
    expect(
      (await h.api(`/api/vendors/${randomUUID()}`, { method: 'PATCH', token: admin, json })).status,
    ).toBe(404);
    expect((await h.api(`/api/vendors/${shop.companyId}`, { token: admin })).body.legalName).toBeNull();
  });
});
