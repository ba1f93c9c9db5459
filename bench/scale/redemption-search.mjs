// The redemptions table's search box (issue 27), alone and with status, partnerId and order=asc, on
// the vouchers seed of bench/scale.mjs: 'Partner 42' matches 1 code in 300 (its facility), 'Service 4'
// 11 in 100 (services 4 and 40-49), an 8-digit id prefix about one code. StatsService.searchPlans reads
// a rare search from the matching codes (trigram index, then each code's redemptions) and a common one
// along the redemptions' index; either way the total counts at most 10,001 (totalIsLowerBound).
// Goal: a search box's 100 ms, page and total. Each first page is checked against SQL's own order
// (redeemed_at, id) and each total against a direct count.

const BOUND = 10_000;
const SEARCHED = `(q.clinic_name ilike $1 or q.service ilike $1 or q.custom_title ilike $1 or q.batch_name ilike $1
                   or q.id::text like $2)`;

export const section = {
  title: 'Redemptions search: alone, status, partnerId, order=asc (issue 27)',

  async seed() {},

  async time({ client, row, adminToken, companyToken, company, wrong }) {
    const prefix = (await client.query(`select left(md5('code1'), 8) as p`)).rows[0].p;
    /** The table's rows by SQL: the total (up to BOUND + 1) and the first page's ids. */
    const expected = async (search, { status, partnerId, order = 'desc', companyId } = {}) => {
      const where = [SEARCHED];
      const params = [`%${search}%`, `${search.toLowerCase()}%`];
      if (status) where.push(`r.status = $${params.push(status)}`);
      for (const partner of [partnerId, companyId].filter(Boolean)) {
        where.push(`exists (select 1 from vouchers.qr_code_partners p
                             where p.qr_code_id = q.id and p.partner_id = $${params.push(partner)} and p.is_active)`);
      }
      const from = `from vouchers.redemptions r join vouchers.qr_codes q on q.id = r.qr_code_id
                    where ${where.join(' and ')}`;
      const [count, first] = await Promise.all([
        client.query(`select count(*)::int as n from (select 1 ${from} limit ${BOUND + 1}) c`, params),
        client.query(`select r.id ${from} order by r.redeemed_at ${order}, r.id ${order} limit 50`, params),
      ]);
      return { total: count.rows[0].n, ids: first.rows.map((r) => r.id) };
    };
    const checked = (what, want) => (b) => {
      wrong(`${what} total`, b.total, Math.min(want.total, BOUND));
      wrong(`${what} totalIsLowerBound`, Boolean(b.totalIsLowerBound), want.total > BOUND);
      wrong(`${what} first page ids`, b.items.map((r) => r.id).join(), want.ids.join());
    };
    const admin = async (label, query, search, view) => {
      const path = `/api/admin/redemptions?limit=50&search=${encodeURIComponent(search)}${query}`;
      const want = await expected(search, view);
      return row(`GET /api/admin/redemptions?search=${label}`, 100, path, adminToken, checked(label, want));
    };
    const partner = { partnerId: company.id };
    const first = await admin('Partner 42', '', 'Partner 42');
    if (first?.nextCursor) {
      await row(
        'GET /api/admin/redemptions?search=Partner 42&cursor=… (page 2)',
        100,
        `/api/admin/redemptions?limit=50&search=Partner%2042&cursor=${encodeURIComponent(first.nextCursor)}`,
        adminToken,
      );
    }
    await admin('Partner 42&order=asc', '&order=asc', 'Partner 42', { order: 'asc' });
    await admin('Partner 42&status=completed', '&status=completed', 'Partner 42', { status: 'completed' });
    await admin('Partner 42&status=cancelled', '&status=cancelled', 'Partner 42', { status: 'cancelled' });
    await admin(`Partner 42&partnerId=…`, `&partnerId=${company.id}`, 'Partner 42', partner);
    await admin(
      'Partner 42&partnerId=…&status=completed&order=asc',
      `&partnerId=${company.id}&status=completed&order=asc`,
      'Partner 42',
      { ...partner, status: 'completed', order: 'asc' },
    );
    // A common search (11 % of the codes): walked, its count stops at 10,001.
    await admin('Service 4 (count stops at 10,001)', '', 'Service 4');
    await admin('Service 4&status=completed&order=asc', '&status=completed&order=asc', 'Service 4', {
      status: 'completed',
      order: 'asc',
    });
    await admin('Service 4&partnerId=…', `&partnerId=${company.id}`, 'Service 4', partner);
    // A rare one: an id prefix (about one code).
    await admin('<id prefix>', '', prefix);
    await admin('<id prefix>&order=asc', '&order=asc', prefix, { order: 'asc' });
    // The company's own table (its codes are every 10th: 'Partner 40' is 1 in 30 of them, 'Partner 42' none).
    for (const [label, query, view] of [
      ['Partner 40', '', {}],
      ['Partner 40&order=asc', '&order=asc', { order: 'asc' }],
      ['Service 4&status=completed', '&status=completed', { status: 'completed' }],
    ]) {
      const search = label.split('&')[0];
      const want = await expected(search, { ...view, companyId: company.id });
      await row(
        `GET /api/redemptions?search=${label} (company)`,
        100,
        `/api/redemptions?limit=50&search=${encodeURIComponent(search)}${query}`,
        companyToken,
        checked(`company ${label}`, want),
      );
    }
  },
};
