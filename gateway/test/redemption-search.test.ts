import { StatsService } from '@avpass/vouchers-service';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPartnerWithUser, startHarness, type Harness } from './support/harness';
import { allPages, expectCursorRefused } from './support/tables';

// Issue 27, "Tables": the redemptions table's search, alone and with status, partnerId and order=asc,
// is read either from the codes the search matches or along the redemptions' own index
// (StatsService.searchPlans picks by the tallies). Both ways give the same pages, cursors and totals.
let h: Harness;
let admin: string;
let stats: StatsService;
let companyA: Awaited<ReturnType<typeof createPartnerWithUser>>;
let companyB: Awaited<ReturnType<typeof createPartnerWithUser>>;
const TAG = 'Rsrch';
type Item = {
  id: string;
  redeemedAt: string;
  status: string;
  facility: string;
  service: string;
  qrCodeId: string;
};
const id = (r: { id: string }) => r.id;
let cancelledId: string;
let assigned: Set<string>;

/**
 * The vouchers app's StatsService, asked of that app alone: Nest's proxy around `app.get` ends the process
 * (`process.exit(1)`) when the class is not there, which only a worker's first test file survives (vitest
 * traps the exit there, not in a worker it reuses: `isolate: false`, vitest.config.ts).
 */
const statsOf = (h: Harness): StatsService => h.service('vouchers').get(StatsService, { strict: false });

beforeAll(async () => {
  h = await startHarness({}, { services: ['partners', 'vouchers'] });
  admin = await h.adminToken();
  stats = statsOf(h);
  companyA = await createPartnerWithUser(h, 'Search Co A');
  companyB = await createPartnerWithUser(h, 'Search Co B');
  // Matching codes (two facilities, a service, a batch-less title), redeemed 1-3 times each, and
  // codes that do not match; some of each assigned to company A.
  const plan: [string, string, number, boolean][] = [
    [`${TAG} North`, 'Massage', 3, true],
    [`${TAG} north`, 'Stretch', 2, false],
    [`${TAG} South`, 'Massage', 1, true],
    [`${TAG} South`, 'Sauna', 3, false],
    ['Elsewhere Gym', `${TAG} service`, 2, true],
    ['Elsewhere Gym', 'Plain', 2, true],
    ['Unrelated Club', 'Plain', 3, false],
  ];
  assigned = new Set();
  for (const [clinic, service, uses, toA] of plan) {
    const made = await h.api('/api/generate-qr', {
      method: 'POST',
      token: admin,
      json: { clinic, service, discountValue: 10, expirationDate: '2099-12-31', usageLimit: '10' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    for (let i = 0; i < uses; i++)
      expect((await h.api(`/api/redeem/${made.body.id}`, { method: 'POST' })).status).toBe(200);
    if (toA) {
      assigned.add(made.body.id);
      const res = await h.api(`/api/qr-codes/${made.body.id}/assign-partners`, {
        method: 'POST',
        token: admin,
        json: { partnerIds: [companyA.companyId] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }
  // One cancelled redemption of a matching, assigned code.
  const north = await h.api(`/api/admin/redemptions?search=${TAG}%20North&order=asc&limit=1`, {
    token: admin,
  });
  cancelledId = north.body.items[0].id;
  const cancelled = await h.api(`/api/redemptions/${cancelledId}/cancel`, {
    method: 'POST',
    token: admin,
    json: { reason: 'Search plan test' },
  });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
});
afterAll(async () => h?.close());
afterEach(() => vi.restoreAllMocks());

/** Runs `read` with the plan pinned (page and count alike). */
async function pinned<T>(plan: 'walk' | 'bySearch', read: () => Promise<T>): Promise<T> {
  const spy = vi.spyOn(stats, 'searchPlans').mockResolvedValue({ page: plan, count: plan });
  try {
    return await read();
  } finally {
    spy.mockRestore();
  }
}

describe('the two plans of a searched redemptions table', () => {
  const queries = [
    `search=${TAG}`,
    `search=${TAG}&order=asc`,
    `search=${TAG}&status=completed`,
    `search=${TAG}&status=completed&order=asc`,
    `search=${TAG}&status=cancelled`,
    `search=${TAG}%20north&order=asc`,
    `search=massage`,
    `partnerId=__A__&search=${TAG}`,
    `partnerId=__A__&search=${TAG}&status=completed&order=asc`,
    `partnerId=__A__&search=elsewhere&order=asc`,
    `partnerId=__B__&search=${TAG}`,
  ];

  it.each(queries)('%s: identical pages across cursors, offsets and totals', async (raw) => {
    const query = raw.replace('__A__', companyA.companyId).replace('__B__', companyB.companyId);
    const path = `/api/admin/redemptions?${query}`;
    const walked = await pinned('walk', () => allPages<Item>(h, path, admin, 2));
    const byCode = await pinned('bySearch', () => allPages<Item>(h, path, admin, 2));
    expect(byCode.map(id)).toEqual(walked.map(id));
    // The order the table promises, by time then id, in the asked direction.
    const dir = query.includes('order=asc') ? 1 : -1;
    const sorted = [...walked].sort((a, b) =>
      a.redeemedAt === b.redeemedAt ? (a.id < b.id ? -dir : dir) : a.redeemedAt < b.redeemedAt ? -dir : dir,
    );
    expect(walked.map(id)).toEqual(sorted.map(id));
    for (const plan of ['walk', 'bySearch'] as const) {
      const first = await pinned(plan, () => h.api(`${path}&limit=2`, { token: admin }));
      expect(first.status).toBe(200);
      expect(first.body.total, plan).toBe(walked.length);
      const offset = await pinned(plan, () => h.api(`${path}&limit=2&offset=2`, { token: admin }));
      expect(offset.body.items.map(id), plan).toEqual(walked.slice(2, 4).map(id));
    }
  });

  it.each([`search=${TAG}`, `search=${TAG}&status=completed&order=asc`])(
    'a company’s own %s: identical pages under both plans, only its codes',
    async (query) => {
      const path = `/api/redemptions?${query}`;
      const walked = await pinned('walk', () => allPages<Item>(h, path, companyA.token, 2));
      const byCode = await pinned('bySearch', () => allPages<Item>(h, path, companyA.token, 2));
      expect(byCode.map(id)).toEqual(walked.map(id));
      expect(walked.length).toBeGreaterThan(0);
      expect(walked.every((r) => assigned.has(r.qrCodeId))).toBe(true);
      for (const plan of ['walk', 'bySearch'] as const) {
        const first = await pinned(plan, () => h.api(`${path}&limit=2`, { token: companyA.token }));
        expect(first.body.total, plan).toBe(walked.length);
      }
    },
  );

  it('the searches find what they should: text in the facility or the service, status, partner', async () => {
    const every = await allPages<Item>(h, '/api/admin/redemptions?order=asc', admin, 50);
    const tagged = every.filter(
      (r) => r.facility.toLowerCase().includes('rsrch') || r.service.toLowerCase().includes('rsrch'),
    );
    expect(tagged.length).toBe(3 + 2 + 1 + 3 + 2);
    const read = (plan: 'walk' | 'bySearch', q: string) =>
      pinned(plan, () => allPages<Item>(h, `/api/admin/redemptions?${q}&order=asc`, admin, 3));
    for (const plan of ['walk', 'bySearch'] as const) {
      expect((await read(plan, `search=${TAG}`)).map(id), plan).toEqual(tagged.map(id));
      expect((await read(plan, `search=${TAG}&status=cancelled`)).map(id), plan).toEqual([cancelledId]);
      expect((await read(plan, `search=${TAG}&status=completed`)).map(id), plan).toEqual(
        tagged.filter((r) => r.id !== cancelledId).map(id),
      );
      expect((await read(plan, `search=${TAG}&partnerId=${companyA.companyId}`)).map(id), plan).toEqual(
        tagged.filter((r) => assigned.has(r.qrCodeId)).map(id),
      );
      expect(await read(plan, `search=${TAG}&partnerId=${companyB.companyId}`), plan).toEqual([]);
    }
  });

  it('the tallies pick the codes for a rare search and the walk for one matching most codes', async () => {
    const window = { limit: 50, offset: 0 };
    expect(await stats.searchPlans({ ...window, search: `${TAG} south` }, {})).toEqual({
      page: 'bySearch',
      count: 'bySearch',
    });
    // Every code's service or facility has an "e": the walk keeps nearly every row it reads.
    expect((await stats.searchPlans({ ...window, search: 'e' }, {})).page).toBe('walk');
    // Cancelled redemptions are few and have their own index: always walked.
    expect(await stats.searchPlans({ ...window, search: TAG }, { status: 'cancelled' })).toEqual({
      page: 'walk',
      count: 'walk',
    });
  });
});

describe('refusals', () => {
  it('bad input is a 400 with its message, never a 500', async () => {
    for (const [query, field, message] of [
      ['search=x&status=void', 'status', 'status must be one of completed, cancelled'],
      ['search=x&order=sideways', 'order', 'order must be asc or desc'],
      ['search=x&partnerId=nope', 'partnerId', 'partnerId must be a partner id'],
      [`search=${'x'.repeat(101)}`, 'search', 'search must be at most 100 characters'],
      ['search=x&limit=0', 'limit', 'limit must be at least 1'],
    ]) {
      const bad = await h.api(`/api/admin/redemptions?${query}`, { token: admin });
      expect(bad.status, query).toBe(400);
      expect(bad.body.errors?.[field], query).toContain(message);
    }
    for (const plan of ['walk', 'bySearch'] as const) {
      const garbled = await pinned(plan, () =>
        h.api(`/api/admin/redemptions?search=${TAG}&cursor=not-a-cursor`, { token: admin }),
      );
      expect(garbled.status, plan).toBe(400);
      await pinned(plan, () =>
        expectCursorRefused(h, admin, `/api/admin/redemptions?search=${TAG}&limit=2`, [
          `/api/admin/redemptions?search=${TAG}&limit=2&order=asc`,
        ]),
      );
    }
  });

  it('a company may not list the administrator’s table nor another partner’s; no token is 401', async () => {
    expect((await h.api(`/api/admin/redemptions?search=${TAG}`, { token: companyA.token })).status).toBe(403);
    expect(
      (
        await h.api(`/api/redemptions?search=${TAG}&partnerId=${companyB.companyId}`, {
          token: companyA.token,
        })
      ).status,
    ).toBe(403);
    expect((await h.api(`/api/admin/redemptions?search=${TAG}`)).status).toBe(401);
    expect((await h.api(`/api/redemptions?search=${TAG}`)).status).toBe(401);
    // The company's own search sees only its codes' redemptions.
    const own = await allPages<Item>(h, `/api/redemptions?search=${TAG}&order=asc`, companyA.token, 2);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => assigned.has(r.qrCodeId))).toBe(true);
  });
});
