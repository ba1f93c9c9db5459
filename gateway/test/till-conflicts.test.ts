import { REDEEM_REFUSALS } from '@avpass/contracts';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateQrBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 43 (decision 366): a till's redemption kept offline (sent with scannedAt) and refused at sync
// is recorded once per Idempotency-Key in till_conflicts; GET /api/till/conflicts lists them (the
// administrator every till's or one partner's, a partner's staff only their own), keyset-paged, and
// POST /api/till/conflicts/{id}/handle marks one handled.
let h: Harness;
let db: pg.Client;
let admin: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;
let other: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Conflict Shop');
  other = await createPartnerWithUser(h, 'Conflict Other');
}, 120_000);
afterAll(async () => {
  await db?.end();
  await h?.close();
});

/** A code of `partnerId` used up already (one use, taken online). */
async function usedUpCode(partnerId = shop.companyId, token = shop.token, member: string | null = null) {
  const made = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: generateQrBody(partnerId, { usageLimit: '1' }),
  });
  expect(made.status).toBe(201);
  if (member)
    await db.query(
      `update vouchers.qr_codes set holder_member_id = $2, issued_for = $2, holder_source = $1, holder_name = 'Luz M.'
        where id = $1`,
      [made.body.id, member],
    );
  expect((await redeem(made.body.id, token)).status).toBe(201);
  return made.body.id as string;
}

const scannedAt = () => new Date(Date.now() - 3_600_000).toISOString();
const redeem = (code: string, token: string, extra: Record<string, unknown> = {}, key = randomUUID()) =>
  h.api('/api/till/redeem', {
    method: 'POST',
    token,
    json: { code, ...extra },
    headers: { 'Idempotency-Key': key },
  });
const list = (query = '', token: string | null = admin) => h.api(`/api/till/conflicts${query}`, { token });
const handle = (id: string, token: string | null, key = randomUUID()) =>
  h.api(`/api/till/conflicts/${id}/handle`, { method: 'POST', token, headers: { 'Idempotency-Key': key } });
const conflictsOf = async (code: string) =>
  (await db.query('select * from vouchers.till_conflicts where qr_code_id = $1', [code])).rows;

describe('an offline redemption refused at sync', () => {
  it('is recorded once per Idempotency-Key, with what the till sent, why, and the holder', async () => {
    const member = randomUUID();
    const code = await usedUpCode(shop.companyId, shop.token, member);
    const at = scannedAt();
    const key = randomUUID();
    const sent = { scannedAt: at, transactionAmount: 2500 };
    const first = await redeem(code, shop.token, sent, key);
    expect(first.status).toBe(409);
    expect(first.body.message).toBe(REDEEM_REFUSALS.used_up);
    // The till's queue retries the same redemption: still refused, not recorded again.
    const again = await redeem(code, shop.token, sent, key);
    expect(again.status).toBe(409);
    expect(await conflictsOf(code)).toHaveLength(1);

    const page = await list(`?partnerId=${shop.companyId}`);
    expect(page.status).toBe(200);
    const mine = page.body.items.filter((c: { qrCodeId: string }) => c.qrCodeId === code);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      qrCodeId: code,
      title: 'Conflict Shop · Tune-up',
      partnerId: shop.companyId,
      partnerName: 'Conflict Shop',
      scannedAt: at,
      transactionAmount: 2500,
      refusal: 'used_up',
      reason: REDEEM_REFUSALS.used_up,
      reasonCode: 'voucher.redeem.used-up',
      memberId: member,
      holder: { firstName: 'Luz', lastInitial: 'M' },
      handledAt: null,
      handledBy: null,
    });
    expect(mine[0].staffName).toEqual(expect.any(String));

    // Another key is another queued redemption: recorded again.
    expect((await redeem(code, shop.token, sent)).status).toBe(409);
    expect(await conflictsOf(code)).toHaveLength(2);
  });

  it('a refusal that cannot be recorded answers 503 (the till keeps it queued); sent again, it is recorded and refused', async () => {
    const code = await usedUpCode();
    const key = randomUUID();
    const sent = { scannedAt: scannedAt(), transactionAmount: 1200 };
    // A real write failure for this code's record alone (other tests' records go through).
    await db.query(`create or replace function vouchers.refuse_one_conflict() returns trigger language plpgsql as $$
      begin
        if new.qr_code_id = '${code}' then raise exception 'till_conflicts is unavailable'; end if;
        return new;
      end $$`);
    await db.query(`create trigger refuse_one_conflict before insert on vouchers.till_conflicts
      for each row execute function vouchers.refuse_one_conflict()`);
    try {
      const lost = await redeem(code, shop.token, sent, key);
      expect(lost.status).toBe(503);
      expect(lost.headers.get('retry-after')).toBe('5');
      expect(lost.body.message).toBe(
        'The refusal could not be recorded yet; the till will send this redemption again',
      );
      expect(await conflictsOf(code)).toHaveLength(0);
    } finally {
      await db.query('drop trigger refuse_one_conflict on vouchers.till_conflicts');
      await db.query('drop function vouchers.refuse_one_conflict()');
    }
    const again = await redeem(code, shop.token, sent, key);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REDEEM_REFUSALS.used_up);
    expect(await conflictsOf(code)).toHaveLength(1);
  });

  it('records nothing for an online redeem, a redemption that went through, or a request that is not valid', async () => {
    const code = await usedUpCode();
    expect((await redeem(code, shop.token)).status).toBe(409);
    const fresh = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: generateQrBody(shop.companyId, { usageLimit: '2' }),
    });
    expect((await redeem(fresh.body.id, shop.token, { scannedAt: scannedAt() })).status).toBe(201);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await redeem(code, shop.token, { scannedAt: future })).status).toBe(400);
    expect(await conflictsOf(code)).toHaveLength(0);
    expect(await conflictsOf(fresh.body.id)).toHaveLength(0);
  });

  it("a code another partner's till may not honour is recorded as not_valid_here", async () => {
    const code = await usedUpCode();
    const res = await redeem(code, other.token, { scannedAt: scannedAt() });
    expect(res.status).toBe(403);
    expect(await conflictsOf(code)).toMatchObject([
      { refusal: 'not_valid_here', partner_id: other.companyId },
    ]);
  });
});

describe('GET /api/till/conflicts', () => {
  it("pages newest first by keyset; partner staff see only their own partner's", async () => {
    const codes = [await usedUpCode(), await usedUpCode(), await usedUpCode()];
    for (const code of codes)
      expect((await redeem(code, shop.token, { scannedAt: scannedAt() })).status).toBe(409);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(`?partnerId=${shop.companyId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((c: { id: string }) => c.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(new Set(seen).size).toBe(seen.length);
    const all = await db.query(
      `select id from vouchers.till_conflicts where partner_id = $1 and handled_at is null
        order by created_at desc, id desc`,
      [shop.companyId],
    );
    expect(seen).toEqual(all.rows.map((r) => r.id));

    // The partner's own till: the same list, without asking for the partner.
    const own = await list('?limit=100', shop.token);
    expect(own.status).toBe(200);
    expect(own.body.items.map((c: { id: string }) => c.id)).toEqual(all.rows.map((r) => r.id));
    // Another partner's staff see none of them, and may not ask for them.
    const theirs = await list('?limit=100', other.token);
    expect(theirs.body.items.every((c: { partnerId: string }) => c.partnerId === other.companyId)).toBe(true);
    const asked = await list(`?partnerId=${shop.companyId}`, other.token);
    expect(asked.status).toBe(403);
    // The administrator without a partner: every till's.
    const every = await list('?limit=100');
    expect(every.body.items.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(seen));
  });

  it('refuses anonymous (401) and bad input (400)', async () => {
    expect((await list('', null)).status).toBe(401);
    for (const query of [
      '?status=done',
      '?limit=0',
      '?limit=101',
      '?limit=two',
      '?partnerId=nope',
      '?cursor=abc',
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
  });
});

describe('POST /api/till/conflicts/{id}/handle', () => {
  it('marks it handled once; the open list drops it, the handled list has it; roles and ids refused', async () => {
    const code = await usedUpCode();
    expect((await redeem(code, shop.token, { scannedAt: scannedAt() })).status).toBe(409);
    const [row] = await conflictsOf(code);
    expect((await handle(row.id, null)).status).toBe(401);
    expect((await handle(row.id, other.token)).status).toBe(404);
    expect((await handle(randomUUID(), admin)).status).toBe(404);
    expect((await handle('nope', admin)).status).toBe(400);

    const key = randomUUID();
    const done = await handle(row.id, shop.token, key);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: row.id, handledBy: expect.any(String) });
    expect(done.body.handledAt).not.toBeNull();
    // A retry with the key, or the administrator later: the first handling stays.
    expect((await handle(row.id, shop.token, key)).body).toEqual(done.body);
    const later = await handle(row.id, admin);
    expect(later.status).toBe(200);
    expect(later.body.handledAt).toBe(done.body.handledAt);

    const open = await list(`?partnerId=${shop.companyId}&limit=100`);
    expect(open.body.items.map((c: { id: string }) => c.id)).not.toContain(row.id);
    const handled = await list(`?partnerId=${shop.companyId}&status=handled&limit=100`);
    expect(handled.body.items.map((c: { id: string }) => c.id)).toContain(row.id);
    const all = await list(`?status=all&limit=100`, shop.token);
    expect(all.body.items.map((c: { id: string }) => c.id)).toContain(row.id);
  });
});
