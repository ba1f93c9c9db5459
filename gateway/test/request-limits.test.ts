import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 37, items 13 and 16: the till's limits per staff member and per partner (rate and calls in
// flight, 429 + Retry-After), so one shop's burst cannot starve another's till; Apple's anonymous device
// log limited per address. Small limits here; the defaults and why they suit a till are in gateway/src/config.ts.
let h: Harness;
let admin: string;
type Staff = Awaited<ReturnType<typeof createPartnerWithUser>>;
let busy: Staff;
let quiet: Staff;

beforeAll(async () => {
  h = await startHarness(
    {
      TILL_RATE_PER_STAFF: '6',
      TILL_RATE_PER_PARTNER: '9',
      TILL_IN_FLIGHT_PER_STAFF: '3',
      TILL_IN_FLIGHT_PER_PARTNER: '2',
      WALLET_LOG_RATE_PER_ADDRESS: '3',
      MEMBER_PHOTO_RATE_PER_ADDRESS: '3',
      TRUST_PROXY: 'true',
    },
    { services: ['identity', 'partners', 'vouchers', 'wallet'] },
  );
  admin = await h.adminToken();
  busy = await createPartnerWithUser(h, 'Limits Busy Shop');
  quiet = await createPartnerWithUser(h, 'Limits Quiet Shop');
});
afterAll(async () => {
  await h?.close();
});

/** Another staff member of the same partner, signed in. */
async function colleague(of: Staff, username: string): Promise<string> {
  const user = await h.api(`/api/partners/${of.companyId}/users`, {
    method: 'POST',
    token: admin,
    json: { username, password: 'staff-password', email: `${username}@example.com` },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  const login = await h.api('/api/auth/company-login', {
    method: 'POST',
    json: { username, password: 'staff-password' },
  });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

// An entry that is not a code: a cheap 400 from the service, counted like any till call.
const check = (token: string, address = '203.0.113.7') =>
  h.api('/api/till/check', {
    method: 'POST',
    token,
    json: { code: 'not a code' },
    headers: { 'x-forwarded-for': address },
  });

describe("the till's limits", () => {
  it('refuses a staff member past its rate with 429 and Retry-After, from any address; others go on', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await check(quiet.token, `198.51.100.${i}`)).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const refused = await check(quiet.token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/too many requests/i);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another shop's till is not affected.
    expect((await check(busy.token)).status).toBe(400);
  });

  it('refuses a partner past its rate across its staff members', async () => {
    const second = await colleague(busy, 'limits-busy-second');
    // busy's first staff member made one call above; 9 a minute for the partner in all.
    for (let i = 0; i < 4; i++) expect((await check(busy.token)).status).toBe(400);
    for (let i = 0; i < 4; i++) expect((await check(second)).status).toBe(400);
    const refused = await check(second);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("a partner's burst is refused beyond its calls in flight while another partner's till is answered", async () => {
    const shop = await createPartnerWithUser(h, 'Limits Burst Shop');
    const staff = await Promise.all(
      Array.from({ length: 4 }, (_, i) => colleague(shop, `limits-burst-${i}`)),
    );
    const other = await createPartnerWithUser(h, 'Limits Other Shop');
    // 4 staff members x 2 calls at once (under each one's rate of 6), 2 in flight for the partner.
    const burst = staff.flatMap((token) => [check(token), check(token)]);
    const [answers, otherShop] = await Promise.all([Promise.all(burst), check(other.token)]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length, statuses.join(',')).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 400).length, statuses.join(',')).toBeGreaterThanOrEqual(2);
    const waited = answers.find((a) => a.status === 429)!;
    expect(waited.headers.get('retry-after')).toBe('1');
    expect(otherShop.status).toBe(400);
  });

  it("refuses one session's burst beyond its calls in flight before its token is looked up", async () => {
    // The administrator has no partner: only the session's own places count.
    const answers = await Promise.all(Array.from({ length: 20 }, () => check(admin, '192.0.2.99')));
    const statuses = answers.map((a) => a.status);
    const refused = answers.filter((a) => a.status === 429);
    // The gate's refusals say 1 s. On a slow box some calls of the burst are answered before the
    // last ones arrive, and those later ones may meet the session's rate of 6 a minute instead (a
    // refusal that says to wait longer): both are 429, at least one of them the gate's.
    const gate = refused.filter((r) => r.headers.get('retry-after') === '1');
    expect(gate.length, statuses.join(',')).toBeGreaterThan(0);
    for (const r of refused) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(r.body.message).toMatch(/too many requests/i);
    }
    expect(
      statuses.every((s) => s === 400 || s === 429),
      statuses.join(','),
    ).toBe(true);
    // Every place is given back: one call at a time passes the gate again (it may meet the
    // administrator's rate of 6 a minute, a refusal that says to wait longer than the gate's 1 s).
    const after = await check(admin);
    if (after.status === 429) expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(1);
    else expect(after.status).toBe(400);
    // A wrong token is still 401, never 429.
    expect((await check('not-a-token')).status).toBe(401);
  });

  it('still refuses an anonymous caller 401 and a bad entry 400 (limits come after sign-in)', async () => {
    const anonymous = await h.api('/api/till/check', { method: 'POST', json: { code: 'x' } });
    expect(anonymous.status).toBe(401);
  });
});

describe("Apple's device log", () => {
  const log = (address: string, logs: unknown = ['a device said this']) =>
    h.api('/api/wallet/v1/log', {
      method: 'POST',
      json: { logs },
      headers: { 'x-forwarded-for': address },
    });

  it('is limited per address (an IPv6 address by its /64), with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await log('192.0.2.10')).status).toBe(200);
    const refused = await log('192.0.2.10');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await log('192.0.2.11')).status).toBe(200);
    // Every address of one /64 counts as one.
    for (let i = 1; i <= 3; i++) expect((await log(`2001:db8:1:2::${i}`)).status).toBe(200);
    expect((await log('2001:db8:1:2:ffff::9')).status).toBe(429);
    expect((await log('2001:db8:1:3::1')).status).toBe(200);
  });

  it('refuses a malformed report with 400, within the limit', async () => {
    expect((await log('192.0.2.20', 'no')).status).toBe(400);
  });
});

describe("the till's member photo URLs", () => {
  const photo = (address: string) =>
    // Not a member's file: 404 from the gateway itself, counted all the same.
    h.api('/api/member-photos/not-a-member.jpg?v=1&exp=1&sig=x', {
      headers: { 'x-forwarded-for': address },
    });

  it('are limited per address (no session: the signature is the permission), with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await photo('192.0.2.30')).status).toBe(404);
    const refused = await photo('192.0.2.30');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many photo requests from this address\. Please wait \d+ seconds\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await photo('192.0.2.31')).status).toBe(404);
  });
});
