import { FUNDED_BY_MESSAGE } from '@avpass/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkGenerateBody, exclusiveBody, generateQrBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Who pays for a discount (issue 39, first slice): `fundedBy` on every create route with the club-wide
// default from Settings, and what each redemption freezes (fundedBy, reimbursementCents, noSaleAmount),
// in its answers, its row and its events.
let h: Harness;
let db: pg.Client;
let admin: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Riverside Bike Shop');
});
afterAll(async () => {
  await db?.end();
  await h?.close();
});

const codeBody = (json: Record<string, unknown> = {}) => generateQrBody(shop.companyId, json);
const bulkBody = bulkGenerateBody;
const trainerBody = (json: Record<string, unknown> = {}) => ({
  trainerName: 'Lee',
  couponTitle: 'Perk',
  ...json,
});

const post = (path: string, json: unknown, token: string | null = admin) =>
  h.api(path, { method: 'POST', token, json });
const setDefault = async (defaultFundedBy: unknown) =>
  h.api('/api/settings/vouchers', {
    method: 'PUT',
    token: admin,
    json: { defaultRedemptionMode: 'self', defaultFundedBy },
  });

/** What each create route answers as the new code's fundedBy. */
const created = {
  single: async (json: Record<string, unknown>) => {
    const res = await post('/api/generate-qr', codeBody(json));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.fundedBy as string;
  },
  bulk: async (json: Record<string, unknown>) => {
    const res = await post('/api/bulk-generate', bulkBody(json));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const stored = await db.query('select distinct funded_by from vouchers.qr_codes where batch_id = $1', [
      res.body.batchId,
    ]);
    expect(stored.rows).toEqual([{ funded_by: res.body.sample.fundedBy }]);
    return res.body.sample.fundedBy as string;
  },
  trainer: async (json: Record<string, unknown>) => {
    const res = await post('/api/generate-trainer-qr', trainerBody(json));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.qrCodes[0].fundedBy as string;
  },
  exclusive: async (json: Record<string, unknown>) => {
    const res = await post('/api/project-rooted-exclusives', exclusiveBody(json));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.fundedBy as string;
  },
};
const invalid: Record<keyof typeof created, (fundedBy: unknown) => Promise<{ status: number; body: any }>> = {
  single: (fundedBy) => post('/api/generate-qr', codeBody({ fundedBy })),
  bulk: (fundedBy) => post('/api/bulk-generate', bulkBody({ fundedBy })),
  trainer: (fundedBy) => post('/api/generate-trainer-qr', trainerBody({ fundedBy })),
  exclusive: (fundedBy) => post('/api/project-rooted-exclusives', exclusiveBody({ fundedBy })),
};

describe('fundedBy on every create route, the default in Settings', () => {
  it('Settings start at partner; PUT sets it, an older client that leaves it out keeps it; invalid is a 400', async () => {
    expect((await h.api('/api/settings/vouchers', { token: shop.token })).body).toEqual({
      defaultRedemptionMode: 'self',
      defaultFundedBy: 'partner',
      memberDailyCap: null,
    });
    try {
      expect((await setDefault('club')).body).toEqual({
        defaultRedemptionMode: 'self',
        defaultFundedBy: 'club',
        memberDailyCap: null,
      });
      const older = await h.api('/api/settings/vouchers', {
        method: 'PUT',
        token: admin,
        json: { defaultRedemptionMode: 'self' },
      });
      expect(older.status).toBe(200);
      expect(older.body.defaultFundedBy).toBe('club');
      for (const value of ['shop', 1, null]) {
        const res = await setDefault(value);
        expect(res.status, String(value)).toBe(400);
        expect(res.body.message).toBe(FUNDED_BY_MESSAGE);
      }
      const company = await h.api('/api/settings/vouchers', {
        method: 'PUT',
        token: shop.token,
        json: { defaultRedemptionMode: 'self', defaultFundedBy: 'club' },
      });
      expect(company.status).toBe(403);
    } finally {
      await setDefault('partner');
    }
  });

  it('each route takes fundedBy, gets the Settings default without it, and refuses another value', async () => {
    for (const [route, make] of Object.entries(created)) {
      expect(await make({}), `${route} default`).toBe('partner');
      expect(await make({ fundedBy: 'club' }), `${route} club`).toBe('club');
      const bad = await invalid[route as keyof typeof created]('shop');
      expect(bad.status, route).toBe(400);
      expect(bad.body.message, route).toBe(FUNDED_BY_MESSAGE);
    }
    await setDefault('club');
    try {
      for (const [route, make] of Object.entries(created)) {
        expect(await make({}), `${route} default club`).toBe('club');
        expect(await make({ fundedBy: 'partner' }), `${route} partner`).toBe('partner');
      }
    } finally {
      await setDefault('partner');
    }
  });

  it('a partner shop making its own code may choose; the member’s public voucher does not say', async () => {
    const res = await post('/api/generate-qr', codeBody({ fundedBy: 'club' }), shop.token);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.fundedBy).toBe('club');
    const voucher = await h.api(`/api/qr-codes/${res.body.id}`);
    expect(voucher.status).toBe(200);
    expect(voucher.body).not.toHaveProperty('fundedBy');
  });
});

describe('each redemption freezes who pays and what the club owes', () => {
  const code = async (json: Record<string, unknown>) => {
    const res = await post('/api/generate-qr', codeBody(json));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const tillRedeem = async (id: string, transactionAmount?: number) => {
    const res = await post(
      '/api/till/redeem',
      {
        code: id,
        ...(transactionAmount === undefined ? {} : { transactionAmount }),
      },
      shop.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.redemption as Record<string, unknown> & { id: string };
  };
  const stored = async (id: string) =>
    (
      await db.query(
        `select funded_by, transaction_amount, discount_applied, reimbursement_cents, no_sale_amount
           from vouchers.redemptions where id = $1`,
        [id],
      )
    ).rows[0];
  const event = async (name: string, redemptionId: string) =>
    (
      await db.query(
        `select payload from vouchers.outbox_events where name = $1 and payload->>'redemptionId' = $2`,
        [name, redemptionId],
      )
    ).rows[0]?.payload;

  it('club-funded percentage with a sale, without one, a fixed amount, and partner-funded', async () => {
    const percentage = await code({ fundedBy: 'club', discountValue: 20 });
    const withSale = await tillRedeem(percentage, 5000);
    expect(withSale).toMatchObject({
      transactionAmount: 5000,
      discountApplied: 1000,
      fundedBy: 'club',
      reimbursementCents: 1000,
      noSaleAmount: false,
    });
    expect(await stored(withSale.id)).toEqual({
      funded_by: 'club',
      transaction_amount: 5000,
      discount_applied: 1000,
      reimbursement_cents: 1000,
      no_sale_amount: false,
    });
    const noSale = await tillRedeem(percentage);
    expect(noSale).toMatchObject({ fundedBy: 'club', reimbursementCents: 0, noSaleAmount: true });

    const fixed = await code({ fundedBy: 'club', discountType: 'fixed', discountValue: 15 });
    expect(await tillRedeem(fixed)).toMatchObject({
      transactionAmount: null,
      discountApplied: null,
      reimbursementCents: 1500,
      noSaleAmount: false,
    });
    // Capped at the sale, as the till's discount is.
    expect(await tillRedeem(fixed, 900)).toMatchObject({ discountApplied: 900, reimbursementCents: 900 });

    const partner = await code({ fundedBy: 'partner' });
    const partnerSale = await tillRedeem(partner, 5000);
    expect(partnerSale).toMatchObject({ discountApplied: 1000, fundedBy: 'partner', reimbursementCents: 0 });

    // The member's own redeem answers it too.
    const self = await post(`/api/redeem/${fixed}`, {}, null);
    expect(self.status, JSON.stringify(self.body)).toBe(200);
    expect(self.body).toMatchObject({ fundedBy: 'club', reimbursementCents: 1500, noSaleAmount: false });
    expect(await stored(self.body.redemptionId)).toMatchObject({
      funded_by: 'club',
      reimbursement_cents: 1500,
    });

    // The redemptions list says what each froze.
    const list = await h.api('/api/admin/redemptions?limit=50', { token: admin });
    expect(list.status).toBe(200);
    const listed = new Map(list.body.items.map((r: { id: string }) => [r.id, r]));
    expect(listed.get(withSale.id)).toMatchObject({ fundedBy: 'club', reimbursementCents: 1000 });
    expect(listed.get(noSale.id)).toMatchObject({
      fundedBy: 'club',
      reimbursementCents: 0,
      noSaleAmount: true,
    });
    expect(listed.get(partnerSale.id)).toMatchObject({ fundedBy: 'partner', reimbursementCents: 0 });
  });

  it('changing fundedBy later applies to redemptions from then on; earlier ones keep what they froze', async () => {
    const id = await code({ fundedBy: 'partner' });
    const before = await tillRedeem(id, 4000);
    expect(before).toMatchObject({ fundedBy: 'partner', reimbursementCents: 0 });
    // No route edits a code yet: the column is what a later edit would change.
    await db.query(`update vouchers.qr_codes set funded_by = 'club' where id = $1`, [id]);
    const after = await tillRedeem(id, 4000);
    expect(after).toMatchObject({ fundedBy: 'club', reimbursementCents: 800 });
    expect(await stored(before.id)).toMatchObject({ funded_by: 'partner', reimbursement_cents: 0 });
    const recent = await h.api('/api/till/recent', { token: shop.token });
    const items = new Map(recent.body.items.map((r: { id: string }) => [r.id, r]));
    expect(items.get(before.id)).toMatchObject({ fundedBy: 'partner', reimbursementCents: 0 });
    expect(items.get(after.id)).toMatchObject({ fundedBy: 'club', reimbursementCents: 800 });
  });

  it('the redeemed and cancelled events carry what a statement needs', async () => {
    const id = await code({ fundedBy: 'club', discountValue: 25 });
    const redemption = await tillRedeem(id, 2000);
    const redeemed = await event('vouchers.voucher.redeemed.v1', redemption.id);
    const batch = await db.query('select batch_id from vouchers.qr_codes where id = $1', [id]);
    expect(redeemed).toMatchObject({
      redemptionId: redemption.id,
      qrCodeId: id,
      partnerId: shop.companyId,
      batchId: batch.rows[0].batch_id,
      fundedBy: 'club',
      saleCents: 2000,
      discountCents: 500,
      reimbursementCents: 500,
      noSaleAmount: false,
      redeemedAt: redemption.redeemedAt,
    });
    const cancel = await post(
      `/api/redemptions/${redemption.id}/cancel`,
      { reason: 'Rang up twice' },
      shop.token,
    );
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body.redemption).toMatchObject({
      status: 'cancelled',
      fundedBy: 'club',
      reimbursementCents: 500,
    });
    expect(await event('vouchers.redemption.cancelled.v1', redemption.id)).toMatchObject({
      redemptionId: redemption.id,
      qrCodeId: id,
      partnerId: shop.companyId,
      batchId: null,
      fundedBy: 'club',
      saleCents: 2000,
      discountCents: 500,
      reimbursementCents: 500,
      noSaleAmount: false,
      redeemedAt: redemption.redeemedAt,
    });
  });
});
