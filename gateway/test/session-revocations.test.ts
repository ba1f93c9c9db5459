// Decision 350: a gateway keeps identity's answer for a bearer token (SESSION_CACHE_MS), the till's
// requests included, and still a sign-out, a deactivation or a password change holds at once, on this
// gateway and on another one (two gateways on one NATS: identity's revocations, not in-process writes).
import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, loadGatewayConfig } from '../src';
import { ADMIN, createPartnerWithUser, startHarness, type Harness } from './support/harness';

let h: Harness;
let other: INestApplication;
let otherUrl: string;
let nc: NatsConnection;
let db: pg.Client;
let admin: string;

beforeAll(async () => {
  h = await startHarness({ SESSION_CACHE_MS: '60000' }, { services: ['identity', 'partners', 'vouchers'] });
  other = await createGateway(loadGatewayConfig(h.env));
  await other.listen({ port: 0, host: '127.0.0.1' } as never);
  otherUrl = (await other.getUrl()).replace('[::1]', '127.0.0.1');
  nc = await connect({ servers: String(h.env.NATS_URL) });
  db = new pg.Client({ connectionString: h.env.DATABASE_URL });
  await db.connect();
  admin = await h.adminToken();
}, 90_000);
afterAll(async () => {
  await db?.end();
  await nc?.close();
  await other?.close();
  await h?.close();
});

type Gateway = 'one' | 'two';

/** A request to the harness's gateway ('one') or the second one ('two'). */
async function call(
  gateway: Gateway,
  path: string,
  init: { method?: string; token?: string | null; json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  if (gateway === 'one') return h.api(path, init);
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(`${otherUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? null : JSON.stringify(init.json),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A code of this partner with uses to spare. */
async function code(partnerId: string): Promise<string> {
  const res = await h.api('/api/generate-qr', {
    method: 'POST',
    token: admin,
    json: {
      partnerId,
      discountType: 'percentage',
      discountValue: 10,
      service: 'Kept sessions',
      expirationDate: '2099-12-31',
      usageLimit: 50,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const redeem = (gateway: Gateway, token: string | null, id: string, key = randomUUID()) =>
  call(gateway, '/api/till/redeem', {
    method: 'POST',
    token,
    json: { code: id },
    headers: { 'idempotency-key': key },
  });

const uses = async (id: string) =>
  (await db.query<{ n: number }>('select usage_count as n from vouchers.qr_codes where id = $1', [id]))
    .rows[0]!.n;

/** How many times identity was asked to resolve a session while `act` ran. */
async function sessionChecks(act: () => Promise<unknown>): Promise<number> {
  let seen = 0;
  const sub = nc.subscribe(`${h.env.NATS_NAMESPACE}.identity.auth.resolve-session.v1`, {
    callback: () => seen++,
  });
  await nc.flush();
  await act();
  await nc.flush();
  sub.unsubscribe();
  return seen;
}

describe('a kept till session', () => {
  it('redeems on both gateways without asking identity again, and answers a repeated key with the same redemption', async () => {
    const staff = await createPartnerWithUser(h, 'Kept Till');
    const id = await code(staff.companyId);
    expect((await redeem('one', staff.token, id)).status).toBe(201);
    expect((await redeem('two', staff.token, id)).status).toBe(201);
    const key = randomUUID();
    let first: { status: number; body: any } | undefined;
    let again: { status: number; body: any } | undefined;
    const checks = await sessionChecks(async () => {
      first = await redeem('one', staff.token, id, key);
      again = await redeem('two', staff.token, id, key);
    });
    expect(checks).toBe(0);
    expect(first!.status).toBe(201);
    expect(again!.status).toBe(201);
    expect(again!.body.redemption.id).toBe(first!.body.redemption.id);
    expect(await uses(id)).toBe(3);
  });

  it('ends at once on both gateways when it signs out on one', async () => {
    const staff = await createPartnerWithUser(h, 'Signing Out');
    const id = await code(staff.companyId);
    expect((await redeem('one', staff.token, id)).status).toBe(201);
    expect((await redeem('two', staff.token, id)).status).toBe(201);

    expect((await call('one', '/api/auth/logout', { method: 'POST', token: staff.token })).status).toBe(200);
    const onTwo = await redeem('two', staff.token, id);
    expect(onTwo.status).toBe(401);
    expect((await redeem('one', staff.token, id)).status).toBe(401);
    expect(await uses(id)).toBe(2);
  });

  it('ends at once on the other gateway when the administrator deactivates the staff member', async () => {
    const staff = await createPartnerWithUser(h, 'Deactivated Cashier');
    const id = await code(staff.companyId);
    expect((await redeem('two', staff.token, id)).status).toBe(201);
    const off = await call('one', `/api/partners/${staff.companyId}/users/${staff.userId}`, {
      method: 'PATCH',
      token: admin,
      json: { isActive: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await redeem('two', staff.token, id)).status).toBe(401);
    expect(await uses(id)).toBe(1);
  });

  it('still refuses the anonymous (401), an unknown token (401) and the wrong role (403)', async () => {
    const staff = await createPartnerWithUser(h, 'Wrong Role Shop');
    const id = await code(staff.companyId);
    expect((await redeem('two', null, id)).status).toBe(401);
    expect((await redeem('two', 'not-a-session', id)).status).toBe(401);
    expect((await redeem('two', staff.token, id)).status).toBe(201);
    // Kept now: the roles are still checked on each route.
    for (let i = 0; i < 2; i++) {
      const settings = await call('two', '/api/settings/vouchers', {
        method: 'PUT',
        token: staff.token,
        json: { defaultRedemptionMode: 'public' },
      });
      expect(settings.status).toBe(403);
      expect((await call('two', '/api/till/codes', { token: admin })).status).toBe(403);
    }
  });
});

// Last: it changes the administrator's password.
describe('a password change on one gateway', () => {
  it("ends the user's other kept sessions on the other gateway at once; the changing session goes on", async () => {
    const signIn = async () =>
      (await h.api('/api/auth/login', { method: 'POST', json: ADMIN })).body.token as string;
    const changing = await signIn();
    const elsewhere = await signIn();
    const staff = await createPartnerWithUser(h, 'Password Shop');
    const id = await code(staff.companyId);
    expect((await redeem('two', changing, id)).status).toBe(201);
    expect((await redeem('two', elsewhere, id)).status).toBe(201);

    const changed = await call('one', '/api/admin/change-password', {
      method: 'POST',
      token: changing,
      json: { currentPassword: ADMIN.password, newPassword: 'Blue-Heron-Lantern-82' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await redeem('two', elsewhere, id)).status).toBe(401);
    expect((await redeem('two', changing, id)).status).toBe(201);
  });
});
