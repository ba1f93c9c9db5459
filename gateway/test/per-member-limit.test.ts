import { PER_MEMBER_LIMIT_MAX } from '@avpass/contracts';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkGenerateBody, exclusiveBody, generateQrBody } from './support/bodies';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 41: `perMemberLimit {count, period}` on the create routes as the old client sends JSON (count a
// number or a numeric string), 400 with the schema's messages, answered with the code's `holder`; the
// till's check answers the holder's first name and initial and their uses.
let h: Harness;
let db: pg.Client;
let admin: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness({}, { services: ['identity', 'partners', 'vouchers'] });
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Member Limit Shop');
});
afterAll(async () => {
  await db?.end();
  await h?.close();
});

const codeBody = (json: Record<string, unknown> = {}) =>
  generateQrBody(shop.companyId, { usageLimit: '5', ...json });
const bulkBody = bulkGenerateBody;
const post = (path: string, json: unknown, token: string | null = admin) =>
  h.api(path, { method: 'POST', token, json });

/** Each create route, and where its answer carries the new code. */
const routes = {
  single: { path: '/api/generate-qr', body: codeBody, code: (b: Record<string, any>) => b },
  bulk: { path: '/api/bulk-generate', body: bulkBody, code: (b: Record<string, any>) => b.sample },
  exclusive: {
    path: '/api/project-rooted-exclusives',
    body: exclusiveBody,
    code: (b: Record<string, any>) => b,
  },
} as const;

describe('perMemberLimit on the create routes', () => {
  it('is taken as a number or a numeric string, stored, and answered with holder null; absent or null: none', async () => {
    for (const [name, route] of Object.entries(routes)) {
      const made = await post(route.path, route.body({ perMemberLimit: { count: '3', period: 'month' } }));
      expect(made.status, `${name} ${JSON.stringify(made.body)}`).toBe(201);
      expect(route.code(made.body), name).toMatchObject({
        perMemberLimit: { count: 3, period: 'month' },
        holder: null,
      });
      const id = route.code(made.body).id as string;
      const row = await db.query(
        'select per_member_count, per_member_period from vouchers.qr_codes where id = $1',
        [id],
      );
      expect(row.rows[0], name).toEqual({ per_member_count: 3, per_member_period: 'month' });
      for (const none of [{}, { perMemberLimit: null }]) {
        const plain = await post(route.path, route.body(none));
        expect(plain.status, name).toBe(201);
        expect(route.code(plain.body).perMemberLimit, name).toBeNull();
      }
    }
    const once = await post('/api/generate-qr', codeBody({ perMemberLimit: { count: 1, period: 'ever' } }));
    expect(once.body.perMemberLimit).toEqual({ count: 1, period: 'ever' });
  });

  it('refuses each bad value with 400 and its message, on every route', async () => {
    const cases: [unknown, string][] = [
      [{ count: 0, period: 'day' }, 'Per-member limit must be at least 1'],
      [{ count: '1.5', period: 'day' }, 'Per-member limit must be a whole number'],
      [
        { count: PER_MEMBER_LIMIT_MAX + 1, period: 'day' },
        `Per-member limit must be at most ${PER_MEMBER_LIMIT_MAX}`,
      ],
      [{ count: 'two', period: 'day' }, 'Per-member limit must be a number, not "two"'],
      [{ period: 'day' }, 'Per-member limit is required'],
      [{ count: 2, period: 'year' }, 'Per-member period must be one of day, week, month, ever'],
    ];
    for (const [name, route] of Object.entries(routes)) {
      for (const [perMemberLimit, message] of cases) {
        const res = await post(route.path, route.body({ perMemberLimit }));
        expect(res.status, `${name} ${JSON.stringify(perMemberLimit)}`).toBe(400);
        expect(res.body.message, name).toBe(message);
      }
    }
  });

  it('anonymous is 401; a partner may not make an exclusive (403)', async () => {
    for (const route of Object.values(routes)) {
      const res = await post(route.path, route.body({ perMemberLimit: { count: 1, period: 'ever' } }), null);
      expect(res.status, route.path).toBe(401);
    }
    const partner = await post(
      '/api/project-rooted-exclusives',
      exclusiveBody({ perMemberLimit: { count: 1, period: 'ever' } }),
      shop.token,
    );
    expect(partner.status).toBe(403);
  });
});

describe("the till's check of a held code", () => {
  it('answers the holder (first name, last initial) and "used of limit"; after the limit, the refusal', async () => {
    const made = await post('/api/generate-qr', codeBody({ perMemberLimit: { count: 1, period: 'week' } }));
    const member = randomUUID();
    // A code as vouchers.members.issue.v1 leaves it (the members service's own tests issue through it).
    await db.query(
      `update vouchers.qr_codes set holder_member_id = $2, issued_for = $2, holder_source = $1, holder_name = 'Ana G.'
        where id = $1`,
      [made.body.id, member],
    );
    const check = () => post('/api/till/check', { code: made.body.id }, shop.token);
    const before = await check();
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      redeemable: true,
      holder: { firstName: 'Ana', lastInitial: 'G' },
      memberUses: { used: 0, limit: 1, period: 'week' },
    });
    const redeemed = await h.api('/api/till/redeem', {
      method: 'POST',
      token: shop.token,
      json: { code: made.body.id },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(redeemed.status).toBe(201);
    expect(redeemed.body.memberUses).toEqual({ used: 1, limit: 1, period: 'week' });
    const after = await check();
    expect(after.body).toMatchObject({ redeemable: false, refusal: 'member_limit' });
    expect(after.body.reason).toBe('Already used 1 of 1 times this week — the limit per member.');
    expect(after.body).toMatchObject({
      reasonCode: 'voucher.redeem.member-limit.week',
      reasonParams: { limit: '1' },
    });
    // The administrator's list names the holder by member id; the member's public page never does.
    const list = await h.api(`/api/qr-codes/all?search=${made.body.id.slice(0, 8)}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.items.find((c: { id: string }) => c.id === made.body.id)?.holder).toBe(member);
    const publicView = await h.api(`/api/qr-codes/${made.body.id}`);
    expect(publicView.body.holder).toBeUndefined();
  });
});
