import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusiveBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
let company: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  company = await createPartnerWithUser(h, 'Exclusive Co');
});
afterAll(async () => h?.close());

describe('POST and GET /api/project-rooted-exclusives', () => {
  it('creates an exclusive (201), lists it, and deletes it with DELETE /api/qr-codes/{id}', async () => {
    const res = await h.api('/api/project-rooted-exclusives', {
      method: 'POST',
      token: admin,
      json: exclusiveBody(),
    });
    expect(res.status).toBe(201);
    const created = res.body as { id: string; qrUrl: string };
    expect(res.body).toMatchObject({
      qrUrl: `https://site.example/voucher/${created.id}`,
      isProjectRootedExclusive: true,
      exclusiveType: 'training_session',
      discountType: 'fixed',
      discountValue: 10,
      usageLimit: 5,
      exclusiveStatus: 'active',
    });
    const listed = await h.api('/api/project-rooted-exclusives?filter=training&limit=10', { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ total: 1, counts: { all: 1, training: 1, active: 1 } });
    const gone = await h.api(`/api/qr-codes/${created.id}`, { method: 'DELETE', token: admin });
    expect(gone.status).toBe(200);
    const after = await h.api('/api/project-rooted-exclusives', { token: admin });
    expect(after.body).toMatchObject({ items: [], counts: { all: 0 } });
  });

  it('answers 400 with the §5 message and field', async () => {
    const res = await h.api('/api/project-rooted-exclusives', {
      method: 'POST',
      token: admin,
      json: exclusiveBody({ exclusiveDetails: { title: '', description: 'x' } }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Title is required',
      errors: { 'exclusiveDetails.title': ['Title is required'] },
    });
    const bad = await h.api('/api/project-rooted-exclusives?filter=soon', { token: admin });
    expect(bad.status).toBe(400);
  });

  it.each([
    ['GET', '/api/project-rooted-exclusives'],
    ['POST', '/api/project-rooted-exclusives'],
  ])('%s %s is 401 without a session and 403 for a company user', async (method, path) => {
    const json = method === 'POST' ? exclusiveBody() : undefined;
    expect((await h.api(path, { method, json })).status).toBe(401);
    expect((await h.api(path, { method, json, token: company.token })).status).toBe(403);
  });

  it('refuses a vendor id that does not exist (never trusts the body)', async () => {
    const res = await h.api('/api/project-rooted-exclusives', {
      method: 'POST',
      token: admin,
      json: exclusiveBody({
        exclusiveDetails: { title: 'x', description: 'y', vendorId: randomUUID(), vendorName: 'Forged' },
      }),
    });
    expect(res.status).toBe(400);
  });
});
