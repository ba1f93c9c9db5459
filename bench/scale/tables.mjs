// The codes tables' sorts and filters (issue 27), on the vouchers seed of bench/scale.mjs: every code
// active, names 'Partner 0'..'Partner 299' (thousands of ties each), the same usage and expiry for all
// (one long tie: the id decides), every SCALE_ASSIGNED_EVERY-th code the company's. Its seed makes one
// code in SCALE_USED_UP_EVERY (default 100) used up, none of them the company's (their limit lowered to
// their usage: the redemptions still match): `status=used_up` reads used_up_codes (vouchers migration
// 20261211) in every sort, and for the company it reads every used-up code and keeps few (only other
// sections' codes, e.g. exclusives, may be its used-up ones): the filter's worst case.
// Goals: a list's page 50 ms, like the other lists; the filtered totals count at most 10,001 rows.
// No redemption is cancelled: `status=cancelled` is served by its partial index.

const USED_UP_EVERY = Number(process.env.SCALE_USED_UP_EVERY ?? 100);
const CODES = Number(process.env.SCALE_CODES ?? 1_000_000);

/** The seed's used-up codes: every USED_UP_EVERY-th, shifted off the company's (every 10th). */
export const USED_UP_SEED_SQL = `update vouchers.qr_codes set usage_limit = usage_count
   where id in (select md5('code' || g)::uuid from generate_series(${Math.floor(USED_UP_EVERY / 2) + 1}, ${CODES}, ${USED_UP_EVERY}) g)
     and usage_count > 0`;

const LIST = '/api/admin/qr-codes';

export const section = {
  title: 'Codes tables: sort, order, status, partnerId (issue 27)',

  async seed({ client }) {
    await client.query(USED_UP_SEED_SQL);
    await client.query('vacuum analyze vouchers.qr_codes');
  },

  async time({ row, record, adminToken, companyToken, company, wrong, sqlCount, base }) {
    const page = (query) => `${LIST}?limit=50&${query}`;
    const byName = await row(
      'GET /api/admin/qr-codes?sort=name (first page)',
      50,
      page('sort=name'),
      adminToken,
    );
    if (byName?.nextCursor) {
      await row(
        'GET /api/admin/qr-codes?sort=name&cursor=… (page 2)',
        50,
        page(`sort=name&cursor=${encodeURIComponent(byName.nextCursor)}`),
        adminToken,
      );
    }
    await row('GET /api/admin/qr-codes?sort=name&offset=5000', 50, page('sort=name&offset=5000'), adminToken);
    await row('GET /api/admin/qr-codes?sort=name&order=desc', 50, page('sort=name&order=desc'), adminToken);
    await row('GET /api/admin/qr-codes?sort=usageCount (one tie)', 50, page('sort=usageCount'), adminToken);
    await row('GET /api/admin/qr-codes?sort=expiresAt', 50, page('sort=expiresAt'), adminToken);
    await row(
      'GET /api/admin/qr-codes?sort=createdAt&order=asc',
      50,
      page('sort=createdAt&order=asc'),
      adminToken,
    );
    await row(
      'GET /api/admin/qr-codes?status=active (count stops at 10,001)',
      50,
      page('status=active'),
      adminToken,
      (b) => {
        wrong('status=active total (bounded)', b.total, 10_000);
        wrong('status=active totalIsLowerBound', b.totalIsLowerBound, true);
      },
    );
    await row(
      'GET /api/admin/qr-codes?status=active&sort=name',
      50,
      page('status=active&sort=name'),
      adminToken,
    );
    const usedUp = await sqlCount(
      `select count(*) as n from vouchers.qr_codes
        where is_active and usage_limit <> 999999 and usage_count >= usage_limit`,
    );
    await row(
      `GET /api/admin/qr-codes?status=used_up (${usedUp.toLocaleString('en')} used up)`,
      50,
      page('status=used_up'),
      adminToken,
      (b) => {
        wrong('status=used_up total (bounded)', b.total, Math.min(usedUp, 10_000));
        wrong('status=used_up items', b.items.length, Math.min(usedUp, 50));
      },
    );
    for (const sort of ['sort=name', 'sort=usageCount&order=desc', 'sort=expiresAt']) {
      await row(
        `GET /api/admin/qr-codes?status=used_up&${sort}`,
        50,
        page(`status=used_up&${sort}`),
        adminToken,
      );
    }
    const companyUsedUp = await sqlCount(
      `select count(*) as n from vouchers.qr_codes q join vouchers.qr_code_partners p on p.qr_code_id = q.id
        where p.partner_id = $1 and p.is_active and q.is_active and q.usage_limit <> 999999
          and q.usage_count >= q.usage_limit`,
      [company.id],
    );
    await row(
      'GET /api/admin/qr-codes?status=used_up&partnerId=…',
      50,
      page(`status=used_up&partnerId=${company.id}`),
      adminToken,
      (b) => wrong('status=used_up partnerId total', b.total, companyUsedUp),
    );
    await row(
      'GET /api/qr-codes/all?status=used_up&sort=name (company)',
      50,
      '/api/qr-codes/all?limit=50&status=used_up&sort=name',
      companyToken,
      (b) => wrong('company status=used_up total', b.total, companyUsedUp),
    );
    // A search box's goal, as the other searches (bench/scale.mjs): its cost is the trigram match.
    await row(
      'GET /api/admin/qr-codes?search=Partner 42&sort=usageCount',
      100,
      page('search=Partner%2042&sort=usageCount'),
      adminToken,
    );
    const assigned = await sqlCount(
      'select count(*) as n from vouchers.qr_code_partners where partner_id = $1 and is_active',
      [company.id],
    );
    await row(
      'GET /api/admin/qr-codes?partnerId=… (createdAt)',
      50,
      page(`partnerId=${company.id}`),
      adminToken,
      (b) => wrong('partnerId total', b.total, assigned),
    );
    await row(
      'GET /api/admin/qr-codes?partnerId=…&sort=name',
      50,
      page(`partnerId=${company.id}&sort=name`),
      adminToken,
    );
    await row(
      'GET /api/qr-codes/all?sort=name (company)',
      50,
      '/api/qr-codes/all?limit=50&sort=name',
      companyToken,
    );
    await row(
      'GET /api/qr-codes/all?status=active&sort=usageCount (company)',
      50,
      '/api/qr-codes/all?limit=50&status=active&sort=usageCount',
      companyToken,
    );
    // Redemptions: oldest first (a keyset of its own), filtered by status and partner.
    const oldest = await row(
      'GET /api/admin/redemptions?order=asc',
      50,
      '/api/admin/redemptions?limit=50&order=asc',
      adminToken,
    );
    if (oldest?.nextCursor) {
      await row(
        'GET /api/admin/redemptions?order=asc&cursor=… (page 2)',
        50,
        `/api/admin/redemptions?limit=50&order=asc&cursor=${encodeURIComponent(oldest.nextCursor)}`,
        adminToken,
      );
    }
    await row(
      'GET /api/admin/redemptions?status=cancelled (none)',
      50,
      '/api/admin/redemptions?limit=50&status=cancelled',
      adminToken,
      (b) => wrong('status=cancelled total', b.total, 0),
    );
    const completed = await sqlCount(
      `select count(*) as n from vouchers.redemptions where status = 'completed'`,
    );
    const partnerRedemptions = await sqlCount(
      `select count(*) as n from vouchers.redemptions r
        where r.qr_code_id in (select p.qr_code_id from vouchers.qr_code_partners p
                                where p.partner_id = $1 and p.is_active)`,
      [company.id],
    );
    await row(
      'GET /api/admin/redemptions?status=completed',
      50,
      '/api/admin/redemptions?limit=50&status=completed',
      adminToken,
      (b) => wrong('status=completed total', b.total, completed),
    );
    await row(
      'GET /api/admin/redemptions?partnerId=…',
      50,
      `/api/admin/redemptions?limit=50&partnerId=${company.id}`,
      adminToken,
      (b) => wrong('redemptions partnerId total', b.total, partnerRedemptions),
    );
    await row(
      'GET /api/admin/redemptions?partnerId=…&status=completed&order=asc',
      50,
      `/api/admin/redemptions?limit=50&partnerId=${company.id}&status=completed&order=asc`,
      adminToken,
      (b) => wrong('redemptions partnerId completed total', b.total, partnerRedemptions),
    );
    await row(
      'GET /api/admin/redemptions?status=completed&search=Partner 42 (count stops at 10,001)',
      100,
      '/api/admin/redemptions?limit=50&status=completed&search=Partner%2042',
      adminToken,
    );
    await row(
      'GET /api/redemptions?order=asc (company)',
      50,
      '/api/redemptions?limit=50&order=asc',
      companyToken,
    );
    // The Batches tab's sorts (vouchers migration 20261210): by name and by size, both ways.
    const batches = await sqlCount('select count(*) as n from vouchers.batches');
    for (const sort of ['sort=name', 'sort=name&order=desc', 'sort=count', 'sort=count&order=asc']) {
      const first = await row(
        `GET /api/admin/batches?${sort}`,
        50,
        `/api/admin/batches?limit=50&${sort}`,
        adminToken,
        (b) => wrong(`batches ${sort} total`, b.total, batches),
      );
      if (sort === 'sort=name' && first?.nextCursor) {
        await row(
          'GET /api/admin/batches?sort=name&cursor=… (page 2)',
          50,
          `/api/admin/batches?limit=50&sort=name&cursor=${encodeURIComponent(first.nextCursor)}`,
          adminToken,
        );
      }
    }
    void record;
    void base;
  },
};
