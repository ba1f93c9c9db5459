import { memberDailyCapMessage, RPC, type Actor } from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkGenerateBody, generateQrBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 43 (decision 365): the club's per-member daily cap in GET/PUT /api/settings/vouchers, enforced
// on every redeem of a held code (the till, the public page, a scan kept offline on its own day), one
// use given back by an undo, and two tills racing for a member's last use; and the internal RPC the
// gateway's POST /api/till/pass asks for a member's codes valid at a partner.
let h: Harness;
let db: pg.Client;
let rpc: RpcClient;
let admin: string;
let adminActor: Actor;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
  const me = await h.api('/api/auth/user', { token: admin });
  adminActor = { userId: me.body.id, role: 'super_admin', companyId: null };
  shop = await createPartnerWithUser(h, 'Cap Shop');
  other = await createPartnerWithUser(h, 'Cap Other');
  rpc = new RpcClient({
    natsUrl: h.env.NATS_URL!,
    namespace: h.env.NATS_NAMESPACE!,
    name: 'test',
    timeoutMs: 10_000,
  });
  await rpc.connect();
}, 120_000);
afterAll(async () => {
  await rpc?.onApplicationShutdown();
  await db?.end();
  await h?.close();
});

const putSettings = (json: unknown, token: string | null = admin) =>
  h.api('/api/settings/vouchers', { method: 'PUT', token, json });
const setCap = async (cap: number | null) => {
  const res = await putSettings({ defaultRedemptionMode: 'self', memberDailyCap: cap });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

/** A code of `partnerId` held by `member` (as vouchers.members.issue.v1 leaves it). */
async function heldCode(
  member: string | null,
  partnerId = shop.companyId,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const made = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: generateQrBody(partnerId, { usageLimit: '5', ...extra }),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  if (member)
    await db.query(
      `update vouchers.qr_codes set holder_member_id = $2, issued_for = $2, holder_source = $1, holder_name = 'Ana G.'
        where id = $1`,
      [made.body.id, member],
    );
  return made.body.id as string;
}

const tillRedeem = (
  code: string,
  token = shop.token,
  extra: Record<string, unknown> = {},
  key = randomUUID(),
) =>
  h.api('/api/till/redeem', {
    method: 'POST',
    token,
    json: { code, ...extra },
    headers: { 'Idempotency-Key': key },
  });
const publicRedeem = (code: string) =>
  h.api(`/api/redeem/${code}`, { method: 'POST', headers: { 'Idempotency-Key': randomUUID() } });
const check = (code: string, token = shop.token) =>
  h.api('/api/till/check', { method: 'POST', token, json: { code } });

describe('memberDailyCap in GET/PUT /api/settings/vouchers', () => {
  it('is null at first, takes a number or a numeric string, null clears it, left out keeps it', async () => {
    const first = await h.api('/api/settings/vouchers', { token: shop.token });
    expect(first.status).toBe(200);
    expect(first.body.memberDailyCap).toBeNull();
    expect((await putSettings({ defaultRedemptionMode: 'self', memberDailyCap: '3' })).body).toMatchObject({
      memberDailyCap: 3,
    });
    // A client older than issue 43 sends no cap: it stays.
    const kept = await putSettings({ defaultRedemptionMode: 'self' });
    expect(kept.status).toBe(200);
    expect(kept.body.memberDailyCap).toBe(3);
    expect(
      (await putSettings({ defaultRedemptionMode: 'self', memberDailyCap: 1000 })).body.memberDailyCap,
    ).toBe(1000);
    expect(
      (await putSettings({ defaultRedemptionMode: 'self', memberDailyCap: null })).body.memberDailyCap,
    ).toBe(null);
    const row = await db.query('select member_daily_cap from vouchers.voucher_settings');
    expect(row.rows[0].member_daily_cap).toBeNull();
  });

  it('refuses each bad value with 400 and its message', async () => {
    const cases: [unknown, string][] = [
      [0, 'Daily limit per member must be at least 1'],
      [1001, 'Daily limit per member must be at most 1000'],
      ['1.5', 'Daily limit per member must be a whole number'],
      ['two', 'Daily limit per member must be a number, not "two"'],
      [true, 'Daily limit per member must be a number, not true'],
    ];
    for (const [memberDailyCap, message] of cases) {
      const res = await putSettings({ defaultRedemptionMode: 'self', memberDailyCap });
      expect(res.status, JSON.stringify(memberDailyCap)).toBe(400);
      expect(res.body.message, JSON.stringify(memberDailyCap)).toBe(message);
    }
  });

  it('anonymous is 401; partner staff may read it but not set it (403)', async () => {
    expect((await h.api('/api/settings/vouchers', { token: null })).status).toBe(401);
    expect((await putSettings({ defaultRedemptionMode: 'self', memberDailyCap: 2 }, null)).status).toBe(401);
    expect((await putSettings({ defaultRedemptionMode: 'self', memberDailyCap: 2 }, shop.token)).status).toBe(
      403,
    );
    expect((await h.api('/api/settings/vouchers', { token: admin })).body.memberDailyCap).toBeNull();
  });
});

describe('the daily cap on redeems of held codes', () => {
  it("counts the member's redemptions of the day across codes and channels; a bearer code is not counted; an undo gives one back", async () => {
    await setCap(2);
    try {
      const member = randomUUID();
      const [a, b, c] = [await heldCode(member), await heldCode(member), await heldCode(member)];
      const bearer = await heldCode(null);
      expect((await tillRedeem(a)).status).toBe(201);
      expect((await publicRedeem(b)).status).toBe(200);
      // The member is at the cap: the till's check says so, the till and the public page are refused.
      const checked = await check(c);
      expect(checked.body).toMatchObject({
        redeemable: false,
        refusal: 'member_daily_cap',
        reason: memberDailyCapMessage(2),
        reasonCode: 'voucher.redeem.member-daily-cap.count',
        reasonParams: { limit: '2' },
      });
      const refused = await tillRedeem(c);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Already used 2 vouchers today — the daily limit per member.');
      expect(refused.body.code).toBe('voucher.redeem.member-daily-cap.count');
      expect((await publicRedeem(c)).status).toBe(409);
      // Nothing was counted by the refusals.
      const codeRow = await db.query('select usage_count from vouchers.qr_codes where id = $1', [c]);
      expect(codeRow.rows[0].usage_count).toBe(0);
      // Other members and bearer codes are not held back.
      expect((await tillRedeem(bearer)).status).toBe(201);
      expect((await tillRedeem(await heldCode(randomUUID()))).status).toBe(201);
      // An undo gives the day's use back.
      const first = await db.query(
        `select id from vouchers.redemptions where qr_code_id = $1 and status = 'completed'`,
        [a],
      );
      const undo = await h.api(`/api/redemptions/${first.rows[0].id}/cancel`, {
        method: 'POST',
        token: shop.token,
        json: { reason: 'Wrong voucher' },
      });
      expect(undo.status, JSON.stringify(undo.body)).toBe(200);
      expect((await check(c)).body.redeemable).toBe(true);
      expect((await tillRedeem(c)).status).toBe(201);
      expect((await tillRedeem(a)).status).toBe(409);
    } finally {
      await setCap(null);
    }
  });

  it('counts a scan kept offline on the business day it was scanned', async () => {
    await setCap(1);
    try {
      const member = randomUUID();
      const [a, b, c] = [await heldCode(member), await heldCode(member), await heldCode(member)];
      expect((await tillRedeem(a)).status).toBe(201);
      const yesterday = new Date(Date.now() - 26 * 3600_000).toISOString();
      // Yesterday's day had room: the scan made then counts then.
      expect((await tillRedeem(b, shop.token, { scannedAt: yesterday })).status).toBe(201);
      const days = await db.query(
        'select day::text, used from vouchers.member_day_uses where member_id = $1 order by day',
        [member],
      );
      expect(days.rows.map((r) => r.used)).toEqual([1, 1]);
      // And now yesterday is full too: refused at sync, it needs attention (till_conflicts).
      expect((await tillRedeem(c, shop.token, { scannedAt: yesterday })).status).toBe(409);
      const conflicts = await db.query(
        'select refusal, member_id, reason_code from vouchers.till_conflicts where qr_code_id = $1',
        [c],
      );
      expect(conflicts.rows).toEqual([
        {
          refusal: 'member_daily_cap',
          member_id: member,
          reason_code: 'voucher.redeem.member-daily-cap.one',
        },
      ]);
    } finally {
      await setCap(null);
    }
  });

  it('lets only one of two simultaneous redeems of two codes of one member at cap − 1 through (real concurrent requests)', async () => {
    await setCap(2);
    try {
      for (let round = 0; round < 4; round++) {
        const member = randomUUID();
        const [warm, a, b] = [await heldCode(member), await heldCode(member), await heldCode(member)];
        expect((await tillRedeem(warm)).status).toBe(201);
        // Two tills at once: this shop's and the administrator's.
        const answers = await Promise.all([tillRedeem(a), tillRedeem(b, admin)]);
        const statuses = answers.map((r) => r.status).sort();
        expect(statuses, JSON.stringify(answers.map((r) => r.body))).toEqual([201, 409]);
        const refused = answers.find((r) => r.status === 409)!;
        expect(refused.body.message).toBe(memberDailyCapMessage(2));
        const counted = await db.query(
          `select count(*)::int as n from vouchers.redemptions where member_id = $1 and status = 'completed'`,
          [member],
        );
        expect(counted.rows[0].n).toBe(2);
      }
    } finally {
      await setCap(null);
    }
  });

  it('two tills offline at once each accept the member up to the cap; at sync one is counted, the other needs attention at its till and for the administrator', async () => {
    await setCap(1);
    try {
      const member = randomUUID();
      // The member's code of each shop; both tills, offline, honoured one use a few minutes ago.
      const [atShop, atOther] = [await heldCode(member), await heldCode(member, other.companyId)];
      const scannedAt = new Date(Date.now() - 5 * 60_000).toISOString();
      const answers = await Promise.all([
        tillRedeem(atShop, shop.token, { scannedAt }),
        tillRedeem(atOther, other.token, { scannedAt }),
      ]);
      expect(answers.map((r) => r.status).sort(), JSON.stringify(answers.map((r) => r.body))).toEqual([
        201, 409,
      ]);
      const refusedCode = answers[0].status === 409 ? atShop : atOther;
      const refusedTill = refusedCode === atShop ? shop : other;
      const countedTill = refusedCode === atShop ? other : shop;
      expect(answers.find((r) => r.status === 409)!.body.message).toBe(memberDailyCapMessage(1));

      const listed = async (token: string) => {
        const page = await h.api('/api/till/conflicts?status=open&limit=100', { token });
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        return (page.body.items as { qrCodeId: string; refusal: string; memberId: string | null }[]).filter(
          (c) => c.memberId === member,
        );
      };
      const forAdmin = await listed(admin);
      expect(forAdmin.map((c) => [c.qrCodeId, c.refusal])).toEqual([[refusedCode, 'member_daily_cap']]);
      expect((await listed(refusedTill.token)).map((c) => c.qrCodeId)).toEqual([refusedCode]);
      expect(await listed(countedTill.token)).toEqual([]);
    } finally {
      await setCap(null);
    }
  });

  it('with no cap set, a held code redeems as before (the day is still counted)', async () => {
    const member = randomUUID();
    for (let i = 0; i < 3; i++) expect((await tillRedeem(await heldCode(member))).status).toBe(201);
    const day = await db.query('select used, day_limit from vouchers.member_day_uses where member_id = $1', [
      member,
    ]);
    expect(day.rows).toEqual([{ used: 3, day_limit: null }]);
  });
});

describe("the till's offline copy of held codes", () => {
  it("carries the holder's id, their uses of today, and the club's cap", async () => {
    const member = randomUUID();
    const [held, other] = [await heldCode(member), await heldCode(member)];
    const bearer = await heldCode(null);
    expect((await tillRedeem(other)).status).toBe(201);
    const read = async () => {
      const items: Record<string, any>[] = [];
      let cursor: string | null = null;
      let first: Record<string, any> | null = null;
      do {
        const res = await h.api(`/api/till/codes${cursor ? `?cursor=${cursor}` : ''}`, { token: shop.token });
        expect(res.status).toBe(200);
        first ??= res.body;
        items.push(...res.body.items);
        cursor = res.body.nextCursor;
      } while (cursor);
      return { first: first!, byId: new Map(items.map((c) => [c.id as string, c])) };
    };
    const none = await read();
    expect(none.first.memberDailyCap).toBeNull();
    const today = (
      await db.query('select day::text from vouchers.member_day_uses where member_id = $1', [member])
    ).rows[0].day;
    expect(none.byId.get(held)).toMatchObject({ memberId: member, memberDay: { day: today, used: 1 } });
    expect(none.byId.get(bearer)!.memberId).toBeUndefined();
    expect(none.byId.get(bearer)!.memberDay).toBeUndefined();
    // A member with no use today: the id, no day.
    const quiet = randomUUID();
    const untouched = await heldCode(quiet);
    await setCap(4);
    try {
      const capped = await read();
      expect(capped.first.memberDailyCap).toBe(4);
      expect(capped.byId.get(untouched)).toMatchObject({ memberId: quiet });
      expect(capped.byId.get(untouched)!.memberDay).toBeUndefined();
    } finally {
      await setCap(null);
    }
  });
});

describe('vouchers.till.member-codes.v1 (the member pass at the till)', () => {
  const ask = (input: Record<string, unknown>, actor: Actor = adminActor) =>
    rpc.call(RPC.vouchers.tillMemberCodes, input as never, { requestId: randomUUID(), actor });

  it("answers the member's usable codes this partner may honour, as the till check does, redeemable first", async () => {
    const member = randomUUID();
    const limited = await heldCode(member, shop.companyId, { perMemberLimit: { count: 1, period: 'ever' } });
    expect((await tillRedeem(limited)).status).toBe(201);
    const open = await heldCode(member);
    const elsewhere = await heldCode(member, other.companyId);
    const usedUp = await heldCode(member, shop.companyId, { usageLimit: '1' });
    expect((await tillRedeem(usedUp)).status).toBe(201);
    const expired = await heldCode(member);
    await db.query(`update vouchers.qr_codes set expiration_date = date '2020-01-01' where id = $1`, [
      expired,
    ]);
    await heldCode(randomUUID()); // another member's

    const staff: Actor = { userId: shop.userId, role: 'company_admin', companyId: shop.companyId };
    const atShop = await ask({ memberId: member, partnerId: shop.companyId, transactionAmount: 5000 }, staff);
    expect(atShop.vouchers.map((v) => v.voucher.id)).toEqual([open, limited]);
    expect(atShop.vouchers[0]).toMatchObject({
      redeemable: true,
      discountApplied: 1000,
      amountDue: 4000,
      holder: { firstName: 'Ana', lastInitial: 'G' },
    });
    expect(atShop.vouchers[1]).toMatchObject({ redeemable: false, refusal: 'member_limit' });
    // The same card the check gives.
    const checked = await check(open);
    expect(atShop.vouchers[0]!.voucher).toEqual(checked.body.voucher);
    expect(atShop.dailyCap).toBeUndefined();

    // The administrator's till: every partner's codes.
    const all = await ask({ memberId: member, partnerId: null });
    expect(new Set(all.vouchers.map((v) => v.voucher.id))).toEqual(new Set([open, limited, elsewhere]));
    expect(all.vouchers.at(-1)!.voucher.id).toBe(limited);

    await setCap(3);
    try {
      const capped = await ask({ memberId: member, partnerId: shop.companyId }, staff);
      expect(capped.dailyCap).toEqual({ used: 2, limit: 3 });
      await setCap(2);
      const full = await ask({ memberId: member, partnerId: shop.companyId }, staff);
      expect(full.dailyCap).toEqual({ used: 2, limit: 2 });
      expect(full.vouchers[0]).toMatchObject({ redeemable: false, refusal: 'member_daily_cap' });
    } finally {
      await setCap(null);
    }
    // A member with nothing: an empty list.
    expect(await ask({ memberId: randomUUID(), partnerId: null })).toEqual({ vouchers: [] });
  });

  it('answers at most 50, and refuses staff asking for another partner and bad input', async () => {
    const member = randomUUID();
    // One batch of 52 (one request: 52 single creates ran past the RPC timeout on a loaded box), held by
    // the member; valid at every partner, so at this shop.
    const batch = await h.api('/api/bulk-generate', {
      method: 'POST',
      token: admin,
      json: bulkGenerateBody({ quantity: 52, usageLimit: '5', expirationDate: '2099-12-31' }),
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    const ids = (
      await db.query(
        `update vouchers.qr_codes set holder_member_id = $2, issued_for = $2, holder_source = id, holder_name = 'Ana G.'
          where batch_id = $1 returning id`,
        [batch.body.batchId, member],
      )
    ).rows.map((row: { id: string }) => row.id);
    expect(ids).toHaveLength(52);
    const answer = await ask({ memberId: member, partnerId: shop.companyId });
    expect(answer.vouchers).toHaveLength(50);
    expect(new Set(answer.vouchers.map((v) => v.voucher.id)).size).toBe(50);
    expect(ids).toEqual(expect.arrayContaining(answer.vouchers.map((v) => v.voucher.id)));

    const staff: Actor = { userId: shop.userId, role: 'company_admin', companyId: shop.companyId };
    await expect(ask({ memberId: member, partnerId: other.companyId }, staff)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(ask({ memberId: member, partnerId: null }, staff)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(ask({ memberId: 'nope', partnerId: null })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(
      rpc.call(
        RPC.vouchers.tillMemberCodes,
        { memberId: member, partnerId: null },
        { requestId: randomUUID() },
      ),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
