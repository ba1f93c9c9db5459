import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
let company: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;
beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  admin = await h.adminToken();
  company = await createPartnerWithUser(h, 'Trainer Partner');
  other = await createPartnerWithUser(h, 'Other Partner');
});
afterAll(async () => h?.close());

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#a70' } })
    .png()
    .toBuffer();
const imageForm = (data: Buffer, name = 'me.png', type = 'image/png', field = 'image') => {
  const fd = new FormData();
  fd.append(field, new Blob([new Uint8Array(data)], { type }), name);
  return fd;
};
const trainer = (json: Record<string, unknown>, token: string | null = admin) =>
  h.api('/api/generate-trainer-qr', {
    method: 'POST',
    token,
    json: { partnerName: 'Peak Physio', couponTitle: 'Athlete Perk', ...json },
  });
const csv = async (query: string, token: string) => {
  const res = await fetch(`${h.url}/api/trainer-analytics/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

describe('trainer codes over HTTP', () => {
  it('uploads a trainer photo (5 MB, images by content) and creates a code with it', async () => {
    const up = await h.api('/api/upload-trainer-image', {
      method: 'POST',
      token: admin,
      body: imageForm(await png()),
    });
    expect(up.status).toBe(200);
    expect(up.body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const made = await trainer({ trainerName: 'Photo Person', trainerImage: up.body.url });
    expect(made.status).toBe(201);
    expect(made.body.qrCodes[0].trainerImage).toBe(up.body.url);
    expect(made.body.qrCodes[0].qrUrl).toMatch(new RegExp(`/voucher/${made.body.id}$`));

    const big = await h.api('/api/upload-trainer-image', {
      method: 'POST',
      token: admin,
      body: imageForm(Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)])),
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Image size must be less than 5MB');
    const fake = await h.api('/api/upload-trainer-image', {
      method: 'POST',
      token: admin,
      body: imageForm(Buffer.from('<svg onload=alert(1)>')),
    });
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('Only image files are allowed');
    const none = await h.api('/api/upload-trainer-image', {
      method: 'POST',
      token: admin,
      body: imageForm(await png(), 'x.png', 'image/png', 'other'),
    });
    expect(none.status).toBe(400);
    const asCompany = await h.api('/api/upload-trainer-image', {
      method: 'POST',
      token: company.token,
      body: imageForm(await png()),
    });
    expect(asCompany.status).toBe(403);
  });

  it('answers 400 with the field message, 401 anonymous and 403 for a company', async () => {
    const bad = await trainer({ trainerName: '' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Please enter the trainer's name");
    expect((await trainer({ trainerName: 'X' }, null)).status).toBe(401);
    expect((await trainer({ trainerName: 'X' }, company.token)).status).toBe(403);
    expect((await h.api('/api/qr-codes/trainers', { token: company.token })).status).toBe(403);
    expect((await h.api('/api/partner-assigned-qr-codes', { token: admin })).status).toBe(403);
    expect((await h.api('/api/trainer-analytics')).status).toBe(401);
    expect((await h.api('/api/trainer-config', { token: company.token })).status).toBe(403);
  });

  it('keeps the saved configuration per administrator', async () => {
    const put = await h.api('/api/trainer-config', {
      method: 'PUT',
      token: admin,
      json: { couponTitle: 'Saved Perk', discountValue: 15 },
    });
    expect(put.status).toBe(200);
    const got = await h.api('/api/trainer-config', { token: admin });
    expect(got.body.config).toEqual({ couponTitle: 'Saved Perk', discountValue: 15 });
  });

  it('lists trainer codes for the administrator and the assigned ones for a company', async () => {
    const made = await trainer({ trainerNames: 'Assigned One, Assigned Two', partnerId: company.companyId });
    expect(made.status).toBe(201);
    expect(made.body.count).toBe(2);
    const all = await h.api('/api/qr-codes/trainers?limit=50', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.items.map((c: { trainerName: string }) => c.trainerName)).toEqual(
      expect.arrayContaining(['Assigned One', 'Assigned Two', 'Photo Person']),
    );
    const mine = await h.api('/api/partner-assigned-qr-codes', { token: company.token });
    expect(mine.body.items.map((c: { trainerName: string }) => c.trainerName).sort()).toEqual([
      'Assigned One',
      'Assigned Two',
    ]);
    expect((await h.api('/api/partner-assigned-qr-codes', { token: other.token })).body.items).toEqual([]);
  });
});

describe('the sale at the till and the analytics export', () => {
  it('redeems with and without a sale amount, and the CSV holds every redemption, quoted and neutralised', async () => {
    const made = await trainer({
      trainerName: '=HYPERLINK("http://evil","x"), Jr',
      discountValue: 20,
      partnerId: company.companyId,
    });
    const id = made.body.id as string;
    const plain = await h.api(`/api/redeem/${id}`, { method: 'POST' });
    expect(plain.status).toBe(200);
    const sale = await h.api(`/api/redeem/${id}`, { method: 'POST', json: { transactionAmount: 4550 } });
    expect(sale.status).toBe(200);
    const bad = await h.api(`/api/redeem/${id}`, { method: 'POST', json: { transactionAmount: 'lots' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Sale amount must be a number of cents');

    const analytics = await h.api(`/api/trainer-analytics?trainerId=${id}`, { token: company.token });
    expect(analytics.status).toBe(200);
    expect(analytics.body.summary).toMatchObject({
      totalTrainers: 1,
      totalRedemptions: 2,
      totalTransactionVolume: 4550,
      totalDiscountsGiven: 910,
    });
    expect(
      (await h.api(`/api/trainer-analytics?trainerId=${id}`, { token: other.token })).body.summary
        .totalTrainers,
    ).toBe(0);
    expect((await h.api('/api/trainer-analytics?startDate=nope', { token: admin })).status).toBe(400);

    const file = await csv(`?trainerId=${id}`, admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(file.headers.get('content-disposition')).toMatch(
      /attachment; filename="athlete-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = file.text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Redeemed At (UTC),Trainer,Role,Partner,Discount %,Sale ($),Discount Given ($),Redeemed By,Device,QR Code ID,Redemption ID',
    );
    expect(lines).toHaveLength(4); // header, two rows, the empty string after the last CRLF
    // The name is neutralised (leading apostrophe) and quoted (it holds a comma and quotes).
    expect(lines[1]).toContain(
      `"'=HYPERLINK(""http://evil"",""x""), Jr",trainer,Peak Physio,20,,,Store Scanner`,
    );
    expect(lines[2]).toContain(',45.50,9.10,Store Scanner,');
    expect((await csv(`?trainerId=${id}`, other.token)).text.split('\r\n')).toHaveLength(2);
    expect((await csv('?endDate=bad', admin)).status).toBe(400);
    const anonymous = await fetch(`${h.url}/api/trainer-analytics/export`);
    expect(anonymous.status).toBe(401);
  });
});
