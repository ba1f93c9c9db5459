import { ALREADY_CANCELLED_MESSAGE, CANCEL_REASON_MESSAGE, undoWindowClosedMessage } from '@avpass/contracts';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// POST /api/redemptions/{id}/cancel over HTTP (issue 25): the route's roles, the company rules, the
// reason and the answers' statuses. The service-level rules and races: services/vouchers/test/redemption-cancel.test.ts.
let h: Harness;
let db: pg.Client;
let admin: string;
let company: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;
beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
  company = await createPartnerWithUser(h, 'Undo Partner');
  other = await createPartnerWithUser(h, 'Undo Other');
});
afterAll(async () => {
  await db?.end();
  await h?.close();
});

/** A code of `partnerId`, redeemed once on the public page, attributed to that partner's till. */
async function redemptionAt(partnerId: string, minutesAgo = 0): Promise<{ codeId: string; id: string }> {
  const code = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: {
      partnerId,
      discountType: 'percentage',
      discountValue: 10,
      service: 'Assessment',
      expirationDate: '2099-12-31',
      usageLimit: 3,
    },
  });
  expect(code.status).toBe(201);
  const redeemed = await h.api(`/api/redeem/${code.body.id}`, { method: 'POST', json: {} });
  expect(redeemed.status).toBe(200);
  // (till redeems record partner_id themselves; the public page's is attributed here)
  await db.query(
    `update vouchers.redemptions set channel = 'till', partner_id = $2,
            redeemed_at = now() - make_interval(mins => $3::int) where id = $1`,
    [redeemed.body.redemptionId, partnerId, minutesAgo],
  );
  return { codeId: code.body.id, id: redeemed.body.redemptionId };
}
const cancel = (id: string, token: string | null, json: unknown = { reason: 'Tapped at home' }) =>
  h.api(`/api/redemptions/${id}/cancel`, { method: 'POST', token, json });

describe('POST /api/redemptions/{id}/cancel', () => {
  it('anonymous 401; a bad reason 400 with the message; unknown 404', async () => {
    const r = await redemptionAt(company.companyId);
    expect((await cancel(r.id, null)).status).toBe(401);
    for (const json of [{}, { reason: '' }, { reason: 'x'.repeat(501) }]) {
      const res = await cancel(r.id, company.token, json);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(CANCEL_REASON_MESSAGE);
    }
    expect((await cancel(randomUUID(), admin)).status).toBe(404);
    expect((await cancel('not-an-id', admin)).status).toBe(400); // uuidParam: a malformed id
  });

  it('its own partner’s staff within the window (200, then 409 twice), not another company (404), not after the window (403)', async () => {
    const r = await redemptionAt(company.companyId);
    expect((await cancel(r.id, other.token)).status).toBe(404);
    const ok = await cancel(r.id, company.token);
    expect(ok.status).toBe(200);
    expect(ok.body.redemption).toMatchObject({
      id: r.id,
      status: 'cancelled',
      cancelReason: 'Tapped at home',
    });
    expect(ok.body.voucher).toMatchObject({ id: r.codeId, usageCount: 0 });
    const again = await cancel(r.id, company.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_CANCELLED_MESSAGE);
    expect((await cancel(r.id, admin)).status).toBe(409);

    const old = await redemptionAt(company.companyId, 31);
    const late = await cancel(old.id, company.token);
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(undoWindowClosedMessage(30));
    // The administrator at any time; the company's list shows it cancelled, its stats count it no more.
    const before = (await h.api('/api/stats', { token: company.token })).body.totalRedemptions as number;
    expect((await cancel(old.id, admin)).status).toBe(200);
    expect((await h.api('/api/stats', { token: company.token })).body.totalRedemptions).toBe(before - 1);
    const list = await h.api('/api/redemptions?limit=50', { token: company.token });
    expect(list.body.items.find((x: { id: string }) => x.id === old.id)).toMatchObject({
      status: 'cancelled',
      cancellable: false,
    });
  });
});
