import { gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// The till's offline copy over HTTP (issue 37): GET /api/till/codes for a partner's staff only.
let h: Harness;
let admin: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Copy Shop');
  other = await createPartnerWithUser(h, 'Copy Other');
});
afterAll(async () => h?.close());

async function code(partnerId: string): Promise<{ id: string }> {
  const res = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: {
      partnerId,
      discountType: 'percentage',
      discountValue: 20,
      service: 'Physio session',
      expirationDate: '2099-12-31',
      usageLimit: 3,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

describe('GET /api/till/codes', () => {
  it("a partner's staff get their shop's codes, not another shop's", async () => {
    const mine = await code(shop.companyId);
    const theirs = await code(other.companyId);
    const res = await h.api('/api/till/codes?limit=1000', { token: shop.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = (res.body.items as { id: string }[]).map((c) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.body).toMatchObject({
      removed: [],
      nextCursor: null,
      since: expect.stringMatching(/^\d+:\d+:[\d,]*$/),
    });
  });

  it('anonymous 401; the administrator 403; a bad limit or since 400 with the reason', async () => {
    expect((await h.api('/api/till/codes', { token: null })).status).toBe(401);
    expect((await h.api('/api/till/codes', { token: admin })).status).toBe(403);
    const limit = await h.api('/api/till/codes?limit=5000', { token: shop.token });
    expect(limit.status).toBe(400);
    expect(limit.body.message).toBe('limit must be at most 1000');
    const since = await h.api('/api/till/codes?since=tuesday', { token: shop.token });
    expect(since.status).toBe(400);
    expect(since.body.message).toBe('since must be the since of an earlier answer');
  });

  it('a big page goes gzipped to a client that accepts it, as it is to one that does not', async () => {
    const batch = await h.api('/api/bulk-generate', {
      method: 'POST',
      token: admin,
      json: {
        partnerId: shop.companyId,
        batchName: 'Gzip',
        quantity: 80,
        discountType: 'fixed',
        discountValue: 5,
        service: 'Coffee',
        expirationDate: '2099-12-31',
        usageLimit: 1,
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    // Raw bytes (fetch would unzip them): node's http client sends and reads what it is told.
    const raw = (encoding: string | null) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const url = new URL('/api/till/codes', h.url);
        const call = request(
          url,
          {
            headers: {
              authorization: `Bearer ${shop.token}`,
              ...(encoding ? { 'accept-encoding': encoding } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        call.on('error', reject);
        call.end();
      });
    const zipped = await raw('gzip, deflate, br');
    expect(zipped.headers).toMatchObject({
      'content-encoding': 'gzip',
      vary: expect.stringMatching(/accept-encoding/i),
    });
    const plain = await raw(null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const unzipped = JSON.parse(gunzipSync(zipped.body).toString('utf8'));
    expect(unzipped.items.length).toBeGreaterThanOrEqual(80);
    expect(unzipped.items).toEqual(JSON.parse(plain.body.toString('utf8')).items);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
  });
});
