import { USAGE_LIMIT_REQUIRED_MESSAGE } from '@avpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';

/** Issue 27, Forms: what the API itself refuses or fills in for the /generate and /trainer-qr forms. */
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

const voucher = {
  clinic: 'Summit Sports Clinic',
  discountType: 'percentage',
  discountValue: '25',
  service: 'Sports massage',
  expirationDate: '2099-12-31',
};

describe('an empty "Custom number" of uses', () => {
  it('is a 400 with the reason on /api/generate-qr and /api/bulk-generate, and nothing is saved', async () => {
    const before = await h.api('/api/admin/stats', { token: admin });
    for (const usageLimit of ['', '  ']) {
      const one = await h.api('/api/generate-qr', {
        method: 'POST',
        token: admin,
        json: { ...voucher, usageLimit },
      });
      expect(one.status).toBe(400);
      expect(one.body.message).toBe(USAGE_LIMIT_REQUIRED_MESSAGE);
      expect(one.body.errors).toEqual({ usageLimit: [USAGE_LIMIT_REQUIRED_MESSAGE] });
      const bulk = await h.api('/api/bulk-generate', {
        method: 'POST',
        token: admin,
        json: { ...voucher, batchName: 'Empty custom', quantity: 2, usageLimit },
      });
      expect(bulk.status).toBe(400);
      expect(bulk.body.errors).toEqual({ usageLimit: [USAGE_LIMIT_REQUIRED_MESSAGE] });
    }
    const after = await h.api('/api/admin/stats', { token: admin });
    expect(after.body.totalQrCodes).toBe(before.body.totalQrCodes);
  });

  it('does not change the default: no usage limit is 1 use, a typed custom number is kept', async () => {
    const none = await h.api('/api/generate-qr', { method: 'POST', token: admin, json: voucher });
    expect(none.status).toBe(201);
    expect(none.body.usageLimit).toBe(1);
    const typed = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: { ...voucher, usageLimit: '7' },
    });
    expect(typed.status).toBe(201);
    expect(typed.body.usageLimit).toBe(7);
  });
});

describe("a trainer code's title is a template", () => {
  it('puts each trainer name where {name} stands, for one code and for a batch', async () => {
    const batch = await h.api('/api/generate-trainer-qr', {
      method: 'POST',
      token: admin,
      json: {
        trainerNames: 'Ann Lee, Bo Diaz\nCy Park',
        partnerName: 'Peak Physio',
        couponTitle: "{name}'s Training Discount",
      },
    });
    expect(batch.status).toBe(201);
    expect(batch.body.count).toBe(3);
    const titles = batch.body.qrCodes.map((c: { trainerName: string; couponTitle: string }) => [
      c.trainerName,
      c.couponTitle,
    ]);
    expect(titles).toEqual([
      ['Ann Lee', "Ann Lee's Training Discount"],
      ['Bo Diaz', "Bo Diaz's Training Discount"],
      ['Cy Park', "Cy Park's Training Discount"],
    ]);
    // The voucher page shows the code's own title, and the service defaults to it.
    const page = await h.api(`/api/qr-codes/${batch.body.qrCodes[1].id}`);
    expect(page.body.customTitle).toBe("Bo Diaz's Training Discount");
    expect(page.body.service).toBe("Bo Diaz's Training Discount");
    // The trainer list keeps each title.
    const list = await h.api('/api/qr-codes/trainers?search=Cy%20Park', { token: admin });
    expect(list.body.items.map((c: { couponTitle: string }) => c.couponTitle)).toContain(
      "Cy Park's Training Discount",
    );
  });

  it('keeps a title without {name} (an older saved configuration) the same on every code', async () => {
    const saved = await h.api('/api/trainer-config', {
      method: 'PUT',
      token: admin,
      json: { couponTitle: 'Summer Special', partnerName: 'Peak Physio' },
    });
    expect(saved.status).toBe(200);
    const read = await h.api('/api/trainer-config', { token: admin });
    expect(read.body.config.couponTitle).toBe('Summer Special');
    const made = await h.api('/api/generate-trainer-qr', {
      method: 'POST',
      token: admin,
      json: { trainerNames: 'Dee, Eli', partnerName: 'Peak Physio', couponTitle: 'Summer Special' },
    });
    expect(made.status).toBe(201);
    expect(made.body.qrCodes.map((c: { couponTitle: string }) => c.couponTitle)).toEqual([
      'Summer Special',
      'Summer Special',
    ]);
  });
});
