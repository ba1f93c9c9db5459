import {
  NOT_OUR_VOUCHER_MESSAGE,
  notValidAtMessage,
  REDEEM_REFUSALS,
  REDEMPTION_MODE_MESSAGE,
  redemptionReference,
  SEVERAL_MATCHES_MESSAGE,
  STAFF_ONLY_MESSAGE,
  TILL_CODE_MESSAGE,
  outsideHoursMessage,
} from '@avpass/contracts';
import { minuteOfBusinessDay } from '@avpass/domain';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusiveBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// The till over HTTP (issue 25): POST /api/till/check, POST /api/till/redeem, GET /api/till/recent and
// the club-wide default of who redeems (GET/PUT /api/settings/vouchers), per role and shop.
let h: Harness;
let db: pg.Client;
let admin: string;
let owner: Awaited<ReturnType<typeof createPartnerWithUser>>;
let assigned: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
  owner = await createPartnerWithUser(h, 'Till Owner');
  assigned = await createPartnerWithUser(h, 'Till Assigned');
  other = await createPartnerWithUser(h, 'Till Other');
});
afterAll(async () => {
  await db?.end();
  await h?.close();
});

type Code = { id: string; qrUrl: string; usageCount: number; redemptionMode?: string };

/** A code of the owner partner (assigned to `assigned` too unless told), made by the administrator. */
async function code(json: Record<string, unknown> = {}, alsoAssigned = true): Promise<Code> {
  const res = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: {
      partnerId: owner.companyId,
      discountType: 'percentage',
      discountValue: 20,
      service: 'Physio session',
      expirationDate: '2099-12-31',
      usageLimit: 3,
      ...json,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (alsoAssigned) {
    const a = await h.api(`/api/qr-codes/${res.body.id}/assign-partners`, {
      method: 'POST',
      token: admin,
      json: { partnerIds: [owner.companyId, assigned.companyId] },
    });
    expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
  }
  return res.body as Code;
}

const check = (token: string | null, json: unknown) =>
  h.api('/api/till/check', { method: 'POST', token, json });
const redeem = (token: string | null, json: unknown, key?: string) =>
  h.api('/api/till/redeem', {
    method: 'POST',
    token,
    json,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const row = async (id: string) =>
  (await db.query('select * from vouchers.redemptions where id = $1', [id])).rows[0];
const sql = (text: string, params: unknown[]) => db.query(text, params);

describe('who may use the till', () => {
  it('anonymous 401 on every till route and the settings', async () => {
    const c = await code();
    expect((await check(null, { code: c.id })).status).toBe(401);
    expect((await redeem(null, { code: c.id })).status).toBe(401);
    expect((await h.api('/api/till/recent')).status).toBe(401);
    expect((await h.api('/api/settings/vouchers')).status).toBe(401);
    expect((await h.api('/api/settings/vouchers', { method: 'PUT', json: {} })).status).toBe(401);
    expect((await row(randomUUID())) ?? null).toBeNull();
  });

  it('check: the owner, an assigned partner and the administrator may honour it; another partner gets not_valid_here', async () => {
    const c = await code({ usageLimit: 3 });
    for (const token of [owner.token, assigned.token, admin]) {
      const res = await check(token, { code: c.id, transactionAmount: 5000 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        redeemable: true,
        usesLeft: 3,
        discountApplied: 1000,
        amountDue: 4000,
        voucher: { id: c.id, usageCount: 0, redemptionMode: 'self' },
      });
      expect(res.body.reason).toBeUndefined();
      expect(res.body.voucher.partners.map((p: { id: string }) => p.id)).toEqual([
        owner.companyId,
        assigned.companyId,
      ]);
    }
    const refused = await check(other.token, { code: c.id });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({
      redeemable: false,
      refusal: 'not_valid_here',
      reason: notValidAtMessage('Till Other'),
      // The sentence's code and values: the till says it in its reader's language.
      reasonCode: 'till.not-valid-here',
      reasonParams: { partner: 'Till Other' },
    });
    // No write: nothing was counted by five checks.
    expect((await h.api(`/api/qr-codes/${c.id}`)).body.usageCount).toBe(0);
  });

  it('redeem: owner and assigned partner 201 with their till recorded, another partner 403, the administrator 201', async () => {
    const c = await code({ usageLimit: 5 });
    const byOwner = await redeem(owner.token, { code: c.id, transactionAmount: 2500 });
    expect(byOwner.status, JSON.stringify(byOwner.body)).toBe(201);
    expect(byOwner.body.redemption).toMatchObject({
      reference: redemptionReference(byOwner.body.redemption.id),
      channel: 'till',
      partnerId: owner.companyId,
      partnerName: 'Till Owner',
      redeemedBy: owner.username,
      transactionAmount: 2500,
      discountApplied: 500,
      status: 'completed',
      cancellable: true,
      scannedAt: null,
    });
    expect(byOwner.body.voucher).toMatchObject({ id: c.id, usageCount: 1 });
    expect(await row(byOwner.body.redemption.id)).toMatchObject({
      channel: 'till',
      partner_id: owner.companyId,
      partner_name: 'Till Owner',
      redeemed_by: owner.username,
      redeemed_by_user_id: owner.userId,
      scanned_at: null,
    });

    const byAssigned = await redeem(assigned.token, { code: c.id });
    expect(byAssigned.status).toBe(201);
    expect(byAssigned.body.redemption).toMatchObject({
      partnerId: assigned.companyId,
      partnerName: 'Till Assigned',
    });

    const byOther = await redeem(other.token, { code: c.id });
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe(notValidAtMessage('Till Other'));

    // The administrator may redeem any code; a code with several partners is made at no one partner.
    const byAdmin = await redeem(admin, { code: c.id });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.redemption).toMatchObject({
      channel: 'till',
      partnerId: null,
      redeemedBy: 'Platform Administrator',
    });
    // …and at the code's one partner when it has exactly one.
    const single = await code({}, false);
    const adminSingle = await redeem(admin, { code: single.id });
    expect(adminSingle.body.redemption).toMatchObject({
      partnerId: owner.companyId,
      partnerName: 'Till Owner',
    });
    expect((await h.api(`/api/qr-codes/${c.id}`)).body.usageCount).toBe(3);
  });
});

describe('refusals, in check and redeem alike', () => {
  const expectRefused = async (id: string, refusal: string, reason: string) => {
    const checked = await check(owner.token, { code: id });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ redeemable: false, refusal, reason });
    const redeemed = await redeem(owner.token, { code: id });
    expect(redeemed.status).toBe(409);
    expect(redeemed.body.message).toBe(reason);
  };

  it('used up, expired, inactive, not yet valid, outside its hours', async () => {
    const usedUp = await code({ usageLimit: 1 });
    expect((await redeem(owner.token, { code: usedUp.id })).status).toBe(201);
    await expectRefused(usedUp.id, 'used_up', REDEEM_REFUSALS.used_up);
    expect((await check(owner.token, { code: usedUp.id })).body.usesLeft).toBe(0);

    const expired = await code();
    await sql(`update vouchers.qr_codes set expiration_date = '2020-01-01' where id = $1`, [expired.id]);
    await expectRefused(expired.id, 'expired', REDEEM_REFUSALS.expired);

    const inactive = await code();
    await sql('update vouchers.qr_codes set is_active = false where id = $1', [inactive.id]);
    await expectRefused(inactive.id, 'inactive', REDEEM_REFUSALS.inactive);

    const upcoming = await code({ startDate: '2099-01-02' });
    await expectRefused(upcoming.id, 'upcoming', 'This voucher is valid from Jan 2, 2099.');

    const trainer = await h.api('/api/generate-trainer-qr', {
      method: 'POST',
      token: admin,
      json: { trainerName: 'Sam', couponTitle: 'Athlete Perk', partnerId: owner.companyId, usageLimit: 5 },
    });
    expect(trainer.status, JSON.stringify(trainer.body)).toBe(201);
    const now = minuteOfBusinessDay(new Date(), h.env.BUSINESS_TIMEZONE ?? 'America/Los_Angeles');
    const start = (now + 120) % 1440;
    const end = (now + 180) % 1440;
    await sql(
      'update vouchers.trainer_rules set valid_hours_start = $2, valid_hours_end = $3 where qr_code_id = $1',
      [trainer.body.id, start, end],
    );
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    await expectRefused(trainer.body.id, 'outside_hours', outsideHoursMessage(hhmm(start), hhmm(end)));
  });

  it('a trainer code with a sale: the discount of its terms (minimum purchase), unlimited uses left null', async () => {
    const trainer = await h.api('/api/generate-trainer-qr', {
      method: 'POST',
      token: admin,
      json: {
        trainerName: 'Kim',
        couponTitle: 'Perk',
        partnerId: owner.companyId,
        discountValue: 15,
        minPurchase: 2000,
      },
    });
    expect(trainer.status, JSON.stringify(trainer.body)).toBe(201);
    const below = await check(owner.token, { code: trainer.body.id, transactionAmount: '1999' });
    expect(below.body).toMatchObject({
      redeemable: true,
      usesLeft: null,
      discountApplied: 0,
      amountDue: 1999,
    });
    const above = await check(owner.token, { code: trainer.body.id, transactionAmount: 10000 });
    expect(above.body).toMatchObject({ discountApplied: 1500, amountDue: 8500 });
  });
});

describe('what the till reads: a link, an id, 8 characters', () => {
  it('our links (PUBLIC_URL, the host asked, the stored link), ids; anything else is not ours (400)', async () => {
    const c = await code();
    expect((await check(owner.token, { code: c.qrUrl })).body.voucher.id).toBe(c.id);
    // The host the till's request came to.
    const here = new URL(h.url);
    expect((await check(owner.token, { code: `${here.origin}/voucher/${c.id}` })).body.voucher.id).toBe(c.id);
    expect((await check(owner.token, { code: c.id.toUpperCase() })).body.voucher.id).toBe(c.id);
    // A code made before a change of domain: its own stored link is still ours, another id on that host is not.
    await sql(`update vouchers.qr_codes set qr_url = 'https://old.example/voucher/' || id where id = $1`, [
      c.id,
    ]);
    expect((await check(owner.token, { code: `https://old.example/voucher/${c.id}` })).status).toBe(200);
    const second = await code();
    for (const text of [
      `https://old.example/voucher/${second.id}`,
      `https://evil.example/voucher/${c.id}`,
      `${here.origin}/voucher/${c.id}/extra`,
      `${here.origin}/qr-codes/${c.id}`,
      `ftp://site.example/voucher/${c.id}`,
      'https://example.com/',
      'hello there',
      '12345',
      'ZZZZZZZZ',
      'javascript:alert(1)',
    ]) {
      const res = await check(owner.token, { code: text });
      expect(res.status, text).toBe(400);
      expect(res.body.message, text).toBe(NOT_OUR_VOUCHER_MESSAGE);
      expect((await redeem(owner.token, { code: text })).status, text).toBe(400);
    }
    // Our host or an id that names no code: not found.
    expect((await check(owner.token, { code: randomUUID() })).status).toBe(404);
    expect((await check(owner.token, { code: `${here.origin}/voucher/${randomUUID()}` })).status).toBe(404);
  });

  it('8 characters: case, dashes and spaces ignored, among the codes this partner may honour; several → 409 with matches', async () => {
    const c = await code();
    const short = c.id.slice(0, 8).toUpperCase();
    for (const text of [
      short,
      short.toLowerCase(),
      `${short.slice(0, 4)}-${short.slice(4)}`,
      ` ${short.slice(0, 4)} ${short.slice(4)} `,
    ]) {
      const res = await check(owner.token, { code: text });
      expect(res.status, text).toBe(200);
      expect(res.body.voucher.id).toBe(c.id);
    }
    // Another partner is told what its link would tell it (issue 37), without the code's card.
    const elsewhere = await check(other.token, { code: short });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toMatch(/^This voucher is not valid at /);
    expect(elsewhere.body).not.toHaveProperty('voucher');
    expect((await check(admin, { code: short })).body.voucher.id).toBe(c.id);

    // A second code with the same first 8 characters.
    const twinId = `${c.id.slice(0, 8)}-0000-4000-8000-${randomUUID().slice(-12)}`;
    await sql(
      `create temp table twin as select * from vouchers.qr_codes where id = $1;
       update twin set id = $2::uuid, qr_url = 'https://site.example/voucher/' || $2, custom_title = 'Twin';
       insert into vouchers.qr_codes select * from twin; drop table twin`
        .replace(/\$1/g, `'${c.id}'`)
        .replace(/\$2/g, `'${twinId}'`),
      [],
    );
    for (const res of [
      await check(owner.token, { code: short }),
      await redeem(owner.token, { code: short }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(SEVERAL_MATCHES_MESSAGE);
      expect(res.body.matches.map((m: { id: string }) => m.id).sort()).toEqual([c.id, twinId].sort());
      expect(res.body.matches.find((m: { id: string }) => m.id === twinId)).toMatchObject({
        title: 'Twin',
        partnerName: 'Till Owner',
      });
    }
    expect((await h.api(`/api/qr-codes/${c.id}`)).body.usageCount).toBe(0);
    // Picking one by its id redeems it.
    expect((await redeem(owner.token, { code: twinId })).status).toBe(201);
  });
});

describe('staff-only codes, idempotency, attribution', () => {
  it('a staff-only code: the public redeem 403 "Show this code at the till", the till redeems it', async () => {
    const c = await code({ redemptionMode: 'staff' });
    expect(c.redemptionMode).toBe('staff');
    const pub = await h.api(`/api/redeem/${c.id}`, { method: 'POST', json: {} });
    expect(pub.status).toBe(403);
    expect(pub.body.message).toBe(STAFF_ONLY_MESSAGE);
    expect((await h.api(`/api/qr-codes/${c.id}`)).body).toMatchObject({
      redemptionMode: 'staff',
      usageCount: 0,
    });
    expect((await check(owner.token, { code: c.id })).body).toMatchObject({ redeemable: true });
    const till = await redeem(owner.token, { code: c.id });
    expect(till.status).toBe(201);
    expect(till.body.voucher).toMatchObject({ usageCount: 1, redemptionMode: 'staff' });
  });

  it('the same Idempotency-Key: the same answer and one redemption, sequentially and concurrently', async () => {
    const c = await code({ usageLimit: 10 });
    const first = await redeem(owner.token, { code: c.id, transactionAmount: 1000 }, 'till-key-1');
    const again = await redeem(owner.token, { code: c.id, transactionAmount: 1000 }, 'till-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.redemption.id).toBe(first.body.redemption.id);
    // As many at once as one session may have in flight (TILL_IN_FLIGHT_PER_STAFF, 6).
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => redeem(owner.token, { code: c.id }, 'till-key-2')),
    );
    expect(racing.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(racing.map((r) => r.body.redemption.id)).size).toBe(1);
    const counted = await db.query(
      'select count(*)::int as n from vouchers.redemptions where qr_code_id = $1',
      [c.id],
    );
    expect(counted.rows[0].n).toBe(2);
    expect((await h.api(`/api/qr-codes/${c.id}`)).body.usageCount).toBe(2);
    expect((await redeem(owner.token, { code: c.id }, 'bad key with spaces')).status).toBe(400);
  });

  it('a scan kept offline keeps its scan time beside the time it reached the server', async () => {
    const c = await code();
    const scannedAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    const res = await redeem(owner.token, { code: c.id, scannedAt }, randomUUID());
    expect(res.status).toBe(201);
    expect(res.body.redemption.scannedAt).toBe(scannedAt);
    const stored = await row(res.body.redemption.id);
    expect(new Date(stored.scanned_at).toISOString()).toBe(scannedAt);
    expect(new Date(stored.redeemed_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('today at this till: its own redemptions newest first with the undo window; the administrator every till', async () => {
    const c = await code({ usageLimit: 10 });
    const a = await redeem(owner.token, { code: c.id });
    const b = await redeem(assigned.token, { code: c.id });
    const mine = await h.api('/api/till/recent?limit=50', { token: owner.token });
    expect(mine.status).toBe(200);
    const ids = mine.body.items.map((x: { id: string }) => x.id);
    expect(ids).toContain(a.body.redemption.id);
    expect(ids).not.toContain(b.body.redemption.id);
    expect(mine.body.items.every((x: { partnerId: string }) => x.partnerId === owner.companyId)).toBe(true);
    const item = mine.body.items.find((x: { id: string }) => x.id === a.body.redemption.id);
    expect(item).toMatchObject({ qrCodeId: c.id, title: 'Till Owner · Physio session', cancellable: true });
    expect(new Date(item.undoUntil).getTime() - new Date(item.redeemedAt).getTime()).toBe(30 * 60_000);
    const times = mine.body.items.map((x: { redeemedAt: string }) => x.redeemedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const all = await h.api('/api/till/recent?limit=100', { token: admin });
    expect(all.body.items.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining([a.body.redemption.id, b.body.redemption.id]),
    );
    expect((await h.api('/api/till/recent?limit=0', { token: owner.token })).status).toBe(400);
  });
});

describe('bad inputs: 400 with a message, never 500', () => {
  it('code, sale amount, scan time', async () => {
    const c = await code();
    for (const json of [{}, { code: '' }, { code: '   ' }, { code: 42 }]) {
      const res = await check(owner.token, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message).toBe(TILL_CODE_MESSAGE);
      expect((await redeem(owner.token, json)).status).toBe(400);
    }
    for (const transactionAmount of [-1, 'abc', 1.5, 1e12]) {
      const res = await check(owner.token, { code: c.id, transactionAmount });
      expect(res.status, String(transactionAmount)).toBe(400);
      expect(res.body.message).toMatch(/Sale amount/);
      expect((await redeem(owner.token, { code: c.id, transactionAmount })).status).toBe(400);
    }
    const future = new Date(Date.now() + 3600_000).toISOString();
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const expected: [string, string][] = [
      ['yesterday', 'Scan time must be an ISO 8601 date-time'],
      [future, 'Scan time must not be in the future'],
      [old, 'Scan time must be within the last 7 days'],
    ];
    for (const [scannedAt, message] of expected) {
      const res = await redeem(owner.token, { code: c.id, scannedAt });
      expect(res.status, scannedAt).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await h.api(`/api/qr-codes/${c.id}`)).body.usageCount).toBe(0);
  });

  it('redemptionMode on create, the settings body; the settings are the administrator’s to change', async () => {
    const bad = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: {
        clinic: 'X',
        discountValue: 10,
        service: 'S',
        expirationDate: '2099-12-31',
        redemptionMode: 'phone',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(REDEMPTION_MODE_MESSAGE);
    for (const json of [{}, { defaultRedemptionMode: 'anyone' }, { defaultRedemptionMode: 1 }]) {
      const res = await h.api('/api/settings/vouchers', { method: 'PUT', token: admin, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message).toBe(REDEMPTION_MODE_MESSAGE);
    }
    const company = await h.api('/api/settings/vouchers', {
      method: 'PUT',
      token: owner.token,
      json: { defaultRedemptionMode: 'staff' },
    });
    expect(company.status).toBe(403);
  });
});

describe('the club-wide default of who redeems', () => {
  it('GET for any signed-in user; PUT staff makes every new code staff-only unless its form says otherwise', async () => {
    expect((await h.api('/api/settings/vouchers', { token: owner.token })).body).toEqual({
      defaultRedemptionMode: 'self',
      defaultFundedBy: 'partner',
      memberDailyCap: null,
    });
    const put = await h.api('/api/settings/vouchers', {
      method: 'PUT',
      token: admin,
      json: { defaultRedemptionMode: 'staff' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      defaultRedemptionMode: 'staff',
      defaultFundedBy: 'partner',
      memberDailyCap: null,
    });
    try {
      expect((await h.api('/api/settings/vouchers', { token: owner.token })).body.defaultRedemptionMode).toBe(
        'staff',
      );
      expect((await code({}, false)).redemptionMode).toBe('staff');
      expect((await code({ redemptionMode: 'self' }, false)).redemptionMode).toBe('self');
      const bulk = await h.api('/api/bulk-generate', {
        method: 'POST',
        token: admin,
        json: {
          batchName: 'Till batch',
          facility: 'Gym',
          quantity: 2,
          discountValue: 10,
          service: 'S',
          expirationDate: '2099-12-31',
        },
      });
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
      expect(bulk.body.sample.redemptionMode).toBe('staff');
      const modes = await db.query(
        'select distinct redemption_mode from vouchers.qr_codes where batch_id = $1',
        [bulk.body.batchId],
      );
      expect(modes.rows).toEqual([{ redemption_mode: 'staff' }]);
      const selfBulk = await h.api('/api/bulk-generate', {
        method: 'POST',
        token: admin,
        json: {
          batchName: 'Self batch',
          facility: 'Gym',
          quantity: 2,
          discountValue: 10,
          service: 'S',
          expirationDate: '2099-12-31',
          redemptionMode: 'self',
        },
      });
      expect(selfBulk.body.sample.redemptionMode).toBe('self');
      const trainer = await h.api('/api/generate-trainer-qr', {
        method: 'POST',
        token: admin,
        json: { trainerName: 'Lee', couponTitle: 'Perk' },
      });
      expect(trainer.status, JSON.stringify(trainer.body)).toBe(201);
      expect(trainer.body.qrCodes[0].redemptionMode).toBe('staff');
      const exclusive = await h.api('/api/project-rooted-exclusives', {
        method: 'POST',
        token: admin,
        json: exclusiveBody({ redemptionMode: 'self' }),
      });
      expect(exclusive.status, JSON.stringify(exclusive.body)).toBe(201);
      expect(exclusive.body.redemptionMode).toBe('self');
      const defaulted = await h.api('/api/project-rooted-exclusives', {
        method: 'POST',
        token: admin,
        json: exclusiveBody(),
      });
      expect(defaulted.body.redemptionMode).toBe('staff');
    } finally {
      await h.api('/api/settings/vouchers', {
        method: 'PUT',
        token: admin,
        json: { defaultRedemptionMode: 'self' },
      });
    }
  });
});
