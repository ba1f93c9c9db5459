import { connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
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
      `"'=HYPERLINK(""http://evil"",""x""), Jr",trainer,Peak Physio,20,,,Member (self-service)`,
    );
    expect(lines[2]).toContain(',45.50,9.10,Member (self-service),');
    expect((await csv(`?trainerId=${id}`, other.token)).text.split('\r\n')).toHaveLength(2);
    expect((await csv('?endDate=bad', admin)).status).toBe(400);
    const anonymous = await fetch(`${h.url}/api/trainer-analytics/export`);
    expect(anonymous.status).toBe(401);
  });
});

/** The trainer payload of spec §3, as the old client sends it: no partnerName or couponTitle. */
const oldClientPayload = (extra: Record<string, unknown> = {}) => ({
  trainerName: 'Casey Coach',
  trainerRole: 'coach',
  trainerImage: null,
  discountValue: 15,
  expirationDate: '2027-06-30',
  service: 'Physio session',
  partnerType: 'trainer',
  customTitle: 'Coach Casey Perk',
  terms: 'One per visit',
  usageLimit: 100,
  minPurchase: 0,
  maxDiscount: '0',
  validDays: 365,
  storeLocations: 'Main street',
  productCategories: 'Shoes',
  exclusions: 'Gift cards',
  stackable: false,
  referralBonus: '5',
  performanceBonus: 0,
  bonusThreshold: '10',
  trackingCode: 'CASEY',
  campaignName: 'Spring',
  notes: 'From the old client',
  ...extra,
});
const post = (json: unknown, token: string | null = admin) =>
  h.api('/api/generate-trainer-qr', { method: 'POST', token, json });
/** zod's own words (issue 23: a 400's message is a sentence a person reads). */
const INTERNAL_TEXT = /Invalid input|\bexpected\b|\breceived\b/i;
const expectReadable = (body: { message: string; errors?: Record<string, string[]> }) => {
  for (const message of [body.message, ...Object.values(body.errors ?? {}).flat()])
    expect(message, JSON.stringify(body)).not.toMatch(INTERNAL_TEXT);
};

describe('the §3 trainer payload, as the old client sends it (issue 23)', () => {
  it('takes usageLimit as a number or a string, partnerType trainer and customTitle as the coupon title', async () => {
    for (const usageLimit of [100, '100']) {
      const res = await post(oldClientPayload({ usageLimit }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.qrCodes[0]).toMatchObject({
        usageLimit: 100,
        partnerType: 'trainer',
        customTitle: 'Coach Casey Perk',
        couponTitle: 'Coach Casey Perk',
        qrType: 'trainer',
        trainerName: 'Casey Coach',
        trainerRole: 'coach',
        discountValue: 15,
        // No partner name on the API: the trainer's own name stands for the partner.
        clinicName: 'Casey Coach',
      });
      expect(res.body.qrCodes[0].rules).toMatchObject({ referralBonus: 5, bonusThreshold: 10 });
    }
    const unlimited = await post(oldClientPayload({ usageLimit: 'unlimited' }));
    expect(unlimited.body.qrCodes[0].usageLimit).toBe(999999);
  });

  it('names the assigned partner when no partner name is sent, and keeps a sent one', async () => {
    const assigned = await post(oldClientPayload({ partnerId: company.companyId }));
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(201);
    expect(assigned.body.qrCodes[0].clinicName).toBe('Trainer Partner');
    const named = await post(oldClientPayload({ partnerName: 'Peak Physio', couponTitle: 'New Title' }));
    expect(named.status).toBe(201);
    expect(named.body.qrCodes[0]).toMatchObject({ clinicName: 'Peak Physio', customTitle: 'New Title' });
  });

  it('refuses with a message that names the field and what was sent', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ usageLimit: 7 }, 'usageLimit', 'Usage limit must be unlimited, 1, 5, 10, 25, 50 or 100, not 7'],
      [{ usageLimit: '7' }, 'usageLimit', 'Usage limit must be unlimited, 1, 5, 10, 25, 50 or 100, not 7'],
      [{ usageLimit: 'lots' }, 'usageLimit', 'Usage limit must be unlimited or a number, not "lots"'],
      [{ usageLimit: true }, 'usageLimit', 'Usage limit must be unlimited or a number, not true'],
      [{ discountValue: 'ten' }, 'discountValue', 'Discount percent must be a number, not "ten"'],
      [{ bonusThreshold: [] }, 'bonusThreshold', 'Bonus threshold must be a number, not a list'],
      [
        { partnerType: 'boss' },
        'partnerType',
        'Partner type must be partner, facility, shop, clinic, gym or trainer',
      ],
      [{ customTitle: undefined }, 'couponTitle', 'Coupon title is required'],
      [{ customTitle: 12 }, 'customTitle', 'Custom title must be text, not 12'],
      [{ trainerName: undefined }, 'trainerName', "Please enter the trainer's name"],
      [{ trainerRole: 'boss' }, 'trainerRole', 'Role must be trainer, athlete or coach'],
      [{ stackable: 'yes' }, 'stackable', 'Stackable must be true or false, not "yes"'],
      [{ partnerId: 'x' }, 'partnerId', 'Not a valid partner id'],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(oldClientPayload(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message, JSON.stringify(change)).toBe(message);
      expect(res.body.errors[field], JSON.stringify(res.body)).toEqual([message]);
      expectReadable(res.body);
    }
  });

  it('answers missing fields and wrong types in sentences, never in the schema library’s words', async () => {
    const bodies: unknown[] = [
      {},
      [],
      'text',
      { trainerName: 12 },
      { trainerName: 'X', customTitle: 'Y', validHours: 'all day' },
      { trainerName: 'X', customTitle: 'Y', validHours: { start: 9 } },
      { trainerName: 'X', customTitle: 'Y', trainerImage: 5 },
    ];
    for (const json of bodies) {
      const res = await post(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expectReadable(res.body);
    }
    expect((await post([])).body.message).toBe('The request must be a JSON object');
    expect((await post({ trainerName: 12, customTitle: 'Y' })).body.message).toBe(
      'Trainer name must be text, not 12',
    );
    const config = await h.api('/api/trainer-config', {
      method: 'PUT',
      token: admin,
      json: { discountValue: 'lots', whatever: 1 },
    });
    expect(config.status).toBe(400);
    expect(config.body.errors).toEqual({
      discountValue: ['Discount percent must be a number, not "lots"'],
      _: ['Unknown field: whatever'],
    });
  });

  it('takes numeric strings on the other routes too: a sale amount, a saved config, a page size', async () => {
    const made = await post(oldClientPayload({ usageLimit: '5' }));
    const sale = await h.api(`/api/redeem/${made.body.id}`, {
      method: 'POST',
      json: { transactionAmount: '4550' },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(200);
    const bad = await h.api(`/api/redeem/${made.body.id}`, {
      method: 'POST',
      json: { transactionAmount: 'lots' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Sale amount must be a number of cents, not "lots"');
    const saved = await h.api('/api/trainer-config', {
      method: 'PUT',
      token: admin,
      json: { discountValue: '15', expirationDays: '30' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await h.api('/api/trainer-config', { token: admin })).body.config).toEqual({
      discountValue: 15,
      expirationDays: 30,
    });
    const page = await h.api('/api/qr-codes/trainers?limit=lots', { token: admin });
    expect(page.status).toBe(400);
    expect(page.body.message).toBe('limit must be a number, not "lots"');
  });
});

describe('the request id (issue 23)', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: String(h.env.NATS_URL) });
  });
  afterAll(async () => nc?.drain());

  /** The request ids of the calls made on `subjects` while `act` runs, as the services receive them. */
  async function requestIdsSeen(subjects: string[], act: () => Promise<unknown>) {
    const seen: Record<string, string[]> = {};
    const subs = subjects.map((subject) => {
      seen[subject] = [];
      return nc.subscribe(`${h.env.NATS_NAMESPACE}.${subject}`, {
        callback: (_error, msg) => {
          const message = JSON.parse(new TextDecoder().decode(msg.data));
          seen[subject]!.push(message.data?.meta?.requestId);
        },
      });
    });
    await nc.flush();
    await act();
    await nc.flush();
    for (const sub of subs) sub.unsubscribe();
    return seen;
  }

  it('carries the client’s X-Request-Id to the session check and the service, and answers with it', async () => {
    const requestId = `client-${randomUUID()}`;
    let answer: Awaited<ReturnType<Harness['api']>> | undefined;
    const seen = await requestIdsSeen(
      ['identity.auth.resolve-session.v1', 'vouchers.trainers.generate.v1'],
      async () => {
        answer = await h.api('/api/generate-trainer-qr', {
          method: 'POST',
          token: admin,
          headers: { 'x-request-id': requestId },
          json: oldClientPayload(),
        });
      },
    );
    expect(answer?.status).toBe(201);
    expect(answer?.headers.get('x-request-id')).toBe(requestId);
    expect(seen).toEqual({
      'identity.auth.resolve-session.v1': [requestId],
      'vouchers.trainers.generate.v1': [requestId],
    });
  });

  it('carries it to the services’ health checks behind GET /health', async () => {
    const requestId = `health-${randomUUID()}`;
    const seen = await requestIdsSeen(['identity.health.v1', 'vouchers.health.v1'], () =>
      h.api('/health', { token: admin, headers: { 'x-request-id': requestId } }),
    );
    expect(seen).toEqual({ 'identity.health.v1': [requestId], 'vouchers.health.v1': [requestId] });
  });

  it('gives a request without one a single id, from the session check to the answer', async () => {
    let answer: Awaited<ReturnType<Harness['api']>> | undefined;
    const seen = await requestIdsSeen(
      ['identity.auth.resolve-session.v1', 'vouchers.trainers.list.v1'],
      async () => {
        answer = await h.api('/api/qr-codes/trainers', { token: admin });
      },
    );
    expect(answer?.status).toBe(200);
    const id = answer?.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toEqual({
      'identity.auth.resolve-session.v1': [id],
      'vouchers.trainers.list.v1': [id],
    });
  });
});
