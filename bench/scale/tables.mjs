// The codes tables' sorts and filters (issue 27), on the vouchers seed of bench/scale.mjs: every code
// active, names 'Partner 0'..'Partner 299' (thousands of ties each), the same usage and expiry for all
// (one long tie: the id decides), every SCALE_ASSIGNED_EVERY-th code the company's. No seed of its own.
// Goals: a list's page 50 ms, like the other lists; the filtered totals count at most 10,001 rows.
// `used_up` matches nothing here: its page and bounded count read the whole table (the worst case);
// no redemption is cancelled: `status=cancelled` is served by its partial index.

const LIST = '/api/admin/qr-codes';

export const section = {
  title: 'Codes tables: sort, order, status, partnerId (issue 27)',

  async seed() {},

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
    await row(
      'GET /api/admin/qr-codes?status=used_up (none: whole table)',
      50,
      page('status=used_up'),
      adminToken,
      (b) => wrong('status=used_up total', b.total, 0),
    );
    await row(
      'GET /api/admin/qr-codes?search=Partner 42&sort=usageCount',
      50,
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
    await row(
      'GET /api/admin/redemptions?status=completed',
      50,
      '/api/admin/redemptions?limit=50&status=completed',
      adminToken,
    );
    await row(
      'GET /api/admin/redemptions?partnerId=…',
      50,
      `/api/admin/redemptions?limit=50&partnerId=${company.id}`,
      adminToken,
    );
    await row(
      'GET /api/redemptions?order=asc (company)',
      50,
      '/api/redemptions?limit=50&order=asc',
      companyToken,
    );
    void record;
    void base;
  },
};
