import { connectNats, rpcCallsTotal } from '@avpass/platform';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';

// Issue 28: a poll whose answer has not changed is a 304 decided at the gateway; answers never cross
// roles or companies; past the limit a poll gets 503 + Retry-After while a redeem still goes through.
let h: Harness;
let admin: string;
let shop: Awaited<ReturnType<typeof createPartnerWithUser>>;
let clinic: Awaited<ReturnType<typeof createPartnerWithUser>>;

beforeAll(async () => {
  h = await startHarness(
    { POLL_CACHE_MS: '1000', SESSION_CACHE_MS: '2000' },
    { services: ['partners', 'vouchers'] },
  );
  admin = await h.adminToken();
  shop = await createPartnerWithUser(h, 'Poll Sports Shop');
  clinic = await createPartnerWithUser(h, 'Poll Clinic');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const codeBody = {
  clinic: 'Peak Physio',
  discountType: 'percentage',
  discountValue: 25,
  service: 'Assessment',
  expirationDate: '2099-12-31',
  usageLimit: 50,
};

async function code(partnerIds: string[] = [], harness = h, token = admin) {
  const res = await harness.api('/api/generate-qr', { method: 'POST', token, json: codeBody });
  expect(res.status).toBe(201);
  const id = res.body.id as string;
  if (partnerIds.length) {
    const assigned = await harness.api(`/api/qr-codes/${id}/assign-partners`, {
      method: 'POST',
      token,
      json: { partnerIds },
    });
    expect(assigned.status).toBe(200);
  }
  return id;
}

const get = (path: string, token: string, etag?: string | null, harness = h) =>
  harness.api(path, { token, headers: etag ? { 'if-none-match': etag } : {} });

/** How many times the gateway asked the vouchers service for this subject so far. */
async function calls(subject: string): Promise<number> {
  const metric = await rpcCallsTotal.get();
  return metric.values
    .filter((value) => value.labels.subject === subject)
    .reduce((sum, value) => sum + value.value, 0);
}

/** Polls until the answer is not `etag`'s (another screen's change may be served ≤ 3 s late). */
async function changed(path: string, token: string, etag: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await get(path, token, etag);
    // A browser shows the body it has for an ETag: the same ETag again is the same figures.
    if ((res.status !== 304 && res.headers.get('etag') !== etag) || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('cheap polls (ETag and 304 at the gateway)', () => {
  it('an unchanged poll is a 304 that does not ask the service', async () => {
    await code();
    let first = await get('/api/admin/stats', admin);
    expect(first.status).toBe(200);
    // The new code's event may reach the gateway's versions a moment after its write answered (on a
    // loaded machine): poll until the answer settles, as a screen would.
    for (let i = 0; i < 30; i++) {
      const next = await get('/api/admin/stats', admin, first.headers.get('etag'));
      if (next.status === 304) break;
      first = next;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const before = await calls('vouchers.admin.stats.v1');
    const again = await get('/api/admin/stats', admin, etag);
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    expect(again.headers.get('etag')).toBe(etag);
    expect(await calls('vouchers.admin.stats.v1')).toBe(before);
  });

  it("the caller's own write shows at once: a new ETag and the new figures", async () => {
    const first = await get('/api/admin/stats', admin);
    await code();
    const after = await get('/api/admin/stats', admin, first.headers.get('etag'));
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect(after.body.totalQrCodes).toBe(first.body.totalQrCodes + 1);
  });

  it("a redeem changes the company's answer and the administrator's", async () => {
    const id = await code([shop.companyId]);
    const company = await get('/api/stats', shop.token);
    const adminStats = await get('/api/admin/stats', admin);
    expect(company.status).toBe(200);
    const redeemed = await h.api(`/api/redeem/${id}`, { method: 'POST', json: {} });
    expect(redeemed.status).toBe(200);
    const companyAfter = await changed('/api/stats', shop.token, company.headers.get('etag')!);
    expect(companyAfter.status).toBe(200);
    expect(companyAfter.body.totalRedemptions).toBe(company.body.totalRedemptions + 1);
    const adminAfter = await changed('/api/admin/stats', admin, adminStats.headers.get('etag')!);
    expect(adminAfter.status).toBe(200);
    expect(adminAfter.body.totalRedemptions).toBe(adminStats.body.totalRedemptions + 1);
  });

  it("another company's redeem leaves a company's answer unchanged (304)", async () => {
    const id = await code([clinic.companyId]);
    // Settled: the events of the changes above have reached the gateway (two polls 700 ms apart agree).
    let company = await get('/api/stats', shop.token);
    for (let i = 0; i < 20; i++) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      const again = await get('/api/stats', shop.token, company.headers.get('etag'));
      if (again.status === 304) break;
      company = again;
    }
    const redeemed = await h.api(`/api/redeem/${id}`, { method: 'POST', json: {} });
    expect(redeemed.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 700)); // its event reaches the gateway
    expect((await get('/api/stats', shop.token, company.headers.get('etag'))).status).toBe(304);
  });

  it("an audit entry alone (a sign-in's) changes no polled answer: the administrator's and a company's stay 304", async () => {
    // Settled first, as above: two polls 700 ms apart agree.
    const settled = async (path: string, token: string) => {
      let res = await get(path, token);
      for (let i = 0; i < 20; i++) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        const again = await get(path, token, res.headers.get('etag'));
        if (again.status === 304) break;
        res = again;
      }
      return res.headers.get('etag')!;
    };
    const adminEtag = await settled('/api/admin/stats', admin);
    const companyEtag = await settled('/api/stats', shop.token);
    const nc = await connectNats({ url: String(h.env.NATS_URL), name: 'cheap-polls-audit' });
    try {
      const entry = { id: randomUUID(), action: 'identity.sign-in.succeeded', companyId: shop.companyId };
      const envelope = { id: randomUUID(), name: 'audit.entry.recorded.v1', payload: entry };
      nc.publish(`${h.env.NATS_NAMESPACE}.events.audit.entry.recorded.v1`, JSON.stringify(envelope));
      await nc.flush();
    } finally {
      await nc.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 700)); // it would have reached the gateway
    expect((await get('/api/admin/stats', admin, adminEtag)).status).toBe(304);
    expect((await get('/api/stats', shop.token, companyEtag)).status).toBe(304);
  });

  it('no caller gets a 304 or an answer meant for another role or company', async () => {
    await code([shop.companyId]);
    const shops = await get('/api/qr-codes/all?limit=10', shop.token);
    const clinics = await get('/api/qr-codes/all?limit=10', clinic.token);
    const admins = await get('/api/qr-codes/all?limit=10', admin);
    expect(new Set([shops, clinics, admins].map((r) => r.headers.get('etag'))).size).toBe(3);
    // Another company's ETag, or the administrator's, is not this company's: the full answer comes back.
    const crossed = await get('/api/qr-codes/all?limit=10', clinic.token, shops.headers.get('etag'));
    expect(crossed.status).toBe(200);
    expect(crossed.body.total).toBe(clinics.body.total);
    const fromAdmin = await get('/api/qr-codes/all?limit=10', shop.token, admins.headers.get('etag'));
    expect(fromAdmin.status).toBe(200);
    expect(fromAdmin.body.total).toBe(shops.body.total);
    // Within the shared cache's window each still gets its own figures.
    expect(shops.body.total).not.toBe(admins.body.total);
    expect(shops.body.total).not.toBe(clinics.body.total);
    expect(shops.body.items.map((c: { id: string }) => c.id)).not.toEqual(
      clinics.body.items.map((c: { id: string }) => c.id),
    );
    // The administrator-only route stays refused to a company, cache or not.
    await get('/api/admin/stats', admin);
    expect((await get('/api/admin/stats', shop.token)).status).toBe(403);
  });

  it('a sign-out through the gateway ends a session at once, even for polls', async () => {
    const login = await h.api('/api/auth/company-login', {
      method: 'POST',
      json: { username: shop.username, password: 'staff-password' },
    });
    const token = login.body.token as string;
    expect((await get('/api/stats', token)).status).toBe(200);
    expect((await h.api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect((await get('/api/stats', token)).status).toBe(401);
  });

  it('many identical administrator polls at once cost one computation', async () => {
    await code(); // a new version: nothing cached for it
    const before = await calls('vouchers.admin.stats.v1');
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/api/admin/stats', admin)));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(new Set(answers.map((r) => r.headers.get('etag'))).size).toBe(1);
    expect((await calls('vouchers.admin.stats.v1')) - before).toBe(1);
  });
});

// Its own platform, with a long stale window: on a loaded machine the redeem and the metric read between
// the two polls can take longer than the default 2 s, and the test would see a fresh answer, not a stale one.
describe('stale-while-revalidate', () => {
  let slow: Harness;
  beforeAll(async () => {
    slow = await startHarness(
      { POLL_CACHE_MS: '1000', POLL_STALE_MS: '10000' },
      { services: ['partners', 'vouchers'] },
    );
  }, 120_000);
  afterAll(async () => {
    await slow?.close();
  });

  it('past its second a shared answer is served at once while the next is made (stale-while-revalidate)', async () => {
    const slowAdmin = await slow.adminToken();
    const id = await code([], slow, slowAdmin);
    const first = await get('/api/admin/stats', slowAdmin, undefined, slow);
    expect(first.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past POLL_CACHE_MS, inside POLL_STALE_MS
    // A member's redeem (nobody's own write): the administrator's figures change.
    expect((await slow.api(`/api/redeem/${id}`, { method: 'POST', json: {} })).status).toBe(200);
    const before = await calls('vouchers.admin.stats.v1');
    const stale = await get('/api/admin/stats', slowAdmin, undefined, slow);
    // The screen is not held up: it gets the answer of a second ago (its ETag says which one) …
    expect(stale.status).toBe(200);
    expect(stale.body.totalRedemptions).toBe(first.body.totalRedemptions);
    expect(stale.headers.get('etag')).toBe(first.headers.get('etag'));
    // … while one request makes the next, which a following poll gets (a stale answer is never a 304).
    expect((await get('/api/admin/stats', slowAdmin, first.headers.get('etag'), slow)).status).not.toBe(304);
    let fresh = stale;
    for (let i = 0; i < 50 && fresh.headers.get('etag') === first.headers.get('etag'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      fresh = await get('/api/admin/stats', slowAdmin, undefined, slow);
    }
    expect(fresh.status).toBe(200);
    expect(fresh.body.totalRedemptions).toBe(first.body.totalRedemptions + 1);
    expect((await calls('vouchers.admin.stats.v1')) - before).toBe(1);
  });
});

describe('past the limit, polls give way', () => {
  let busy: Harness;
  beforeAll(async () => {
    busy = await startHarness(
      { SHED_MAX_POLLS_IN_FLIGHT: '0', SHED_RETRY_AFTER_SECONDS: '7' },
      {
        services: ['partners', 'vouchers'],
      },
    );
  }, 120_000);
  afterAll(async () => {
    await busy?.close();
  });

  it('a poll gets 503 with Retry-After and a message; a redeem and a write still go through', async () => {
    const token = await busy.adminToken();
    const created = await busy.api('/api/generate-qr', { method: 'POST', token, json: codeBody });
    expect(created.status).toBe(201);
    // A first load is answered; a screen polling again (it has an answer) is asked to come back later.
    const first = await busy.api('/api/admin/stats', { token });
    expect(first.status).toBe(200);
    await busy.api('/api/generate-qr', { method: 'POST', token, json: codeBody });
    const poll = await busy.api('/api/admin/stats', {
      token,
      headers: { 'if-none-match': first.headers.get('etag')! },
    });
    expect(poll.status).toBe(503);
    // SHED_RETRY_AFTER_SECONDS, spread up to half as much again.
    expect(Number(poll.headers.get('retry-after'))).toBeGreaterThanOrEqual(7);
    expect(Number(poll.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(poll.body.message).toMatch(/busy/i);
    const redeem = await busy.api(`/api/redeem/${created.body.id}`, { method: 'POST', json: {} });
    expect(redeem.status).toBe(200);
    // A call that is not a poll (a voucher's own page) is never refused.
    expect((await busy.api(`/api/qr-codes/${created.body.id}`)).status).toBe(200);
  });
});
