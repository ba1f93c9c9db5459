// The partners screen at the size of a real network (issue 12): SCALE_PARTNERS partner companies
// (default 10,000) in the partners schema, each with SCALE_PORTAL_USERS_PER_PARTNER portal users
// (default 2 → 20,000) in the identity schema, then the screen's calls timed through the gateway.
// Issue 27: the name sort (A–Z, Z–A) and the creation sort both ways, with the search, the category
// and the status filter, and a deep page of the name sort by cursor, each checked against SQL's order.
const PARTNERS = Number(process.env.SCALE_PARTNERS ?? 10_000);
const USERS_PER_PARTNER = Number(process.env.SCALE_PORTAL_USERS_PER_PARTNER ?? 2);
const CATEGORIES = [
  'Restaurant',
  'Coffee Shop',
  'Sports Shop',
  'Training Facility',
  'Sports Clinic',
  'Fitness Center',
  'Equipment Store',
  'Nutrition Shop',
  'Physical Therapy',
  'Athletic Wear',
  'Entertainment',
  'Retail',
  'Service',
  'Healthcare',
  'Education',
];
const categoriesSql = `array[${CATEGORIES.map((c) => `'${c}'`).join(', ')}]`;

/** The page's cursor: base64url of the sort key of the row before it (created_at as PostgreSQL prints it). */
/** An RFC 4122-shaped uuid from a seed text (version 4 and variant bits set, as the contracts check). */
const uuidSql = (text) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

const cursorOf = (row) => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
/** A sorted page's cursor (libs/platform keyset.ts encodeSortedCursor): sort, order, value, id. */
const sortedCursorOf = (sort, order, row) =>
  Buffer.from(JSON.stringify(['s1', sort, order, row.value, row.id])).toString('base64url');

export const section = {
  title: `Partners (${PARTNERS.toLocaleString()} partners, ${(PARTNERS * USERS_PER_PARTNER).toLocaleString()} portal users)`,

  async seed({ client }) {
    await client.query('set search_path = partners');
    // Partner g: one or two of the 15 categories, an e-mail, joined over the last year.
    await client.query(
      `insert into companies (id, name, email, phone, website, address, categories, contact_info, created_at)
       select ${uuidSql(`'partner' || g`)}, 'Scale Partner ' || g, 'partner-' || g || '@scale.example',
              '+1 555 ' || lpad((g % 10000)::text, 4, '0'), 'https://partner-' || g || '.example',
              g || ' Main Street',
              case when g % 3 = 0
                then jsonb_build_array((${categoriesSql})[1 + g % 15], (${categoriesSql})[1 + (g / 15) % 15])
                else jsonb_build_array((${categoriesSql})[1 + g % 15]) end,
              'Ask for the member discount',
              now() - interval '365 days' + (g * interval '1 second' * 31536000 / ${PARTNERS + 1})
         from generate_series(1, ${PARTNERS}) g`,
    );
    await client.query('vacuum analyze companies');
    await client.query('set search_path = identity');
    // Every seeded user shares the scale staff user's password hash (nobody signs in as them).
    await client.query(
      `insert into users (id, username, email, password_hash, role, company_id, first_name, last_name, created_at)
       select ${uuidSql(`'portal-user' || g || '-' || u`)}, 'scale-user-' || g || '-' || u,
              'user-' || g || '-' || u || '@scale.example',
              (select password_hash from users where username = 'scale-staff'), 'company_admin',
              ${uuidSql(`'partner' || g`)}, 'Staff', 'Member ' || u,
              now() - interval '300 days' + (g * interval '1 second')
         from generate_series(1, ${PARTNERS}) g, generate_series(1, ${USERS_PER_PARTNER}) u`,
    );
    await client.query('vacuum analyze users');
  },

  async time({ client, adminToken, company, row, wrong, sqlCount }) {
    await client.query('set search_path = partners');
    const all = await sqlCount('select count(*) n from companies');
    const healthcare = await sqlCount(
      `select count(*) n from companies where categories @> '["Healthcare"]'`,
    );
    const searched = await sqlCount(
      `select count(*) n from companies where name ilike '%partner 42%' or lower(email) like '%partner 42%'`,
    );
    const byEmail = await sqlCount(
      `select count(*) n from companies where name ilike '%partner-777@%' or lower(email) like '%partner-777@%'`,
    );
    const both = await sqlCount(
      `select count(*) n from companies where (name ilike '%partner 1%' or lower(email) like '%partner 1%')
         and categories @> '["Retail"]'`,
    );
    const deep = Math.min(5000, Math.floor(all / 2));
    const [before] = (
      await client.query(
        `select created_at::text as at, id::text from companies order by created_at desc, id desc offset ${deep - 1} limit 1`,
      )
    ).rows;
    const partnerId = (await client.query(`select ${uuidSql(`'partner' || 4242`)} as id`)).rows[0].id;
    const companyCodes = await sqlCount(
      'select count(*) n from vouchers.qr_code_partners where partner_id = $1 and is_active',
      [company.id],
    );
    const total = (label, want) => (b) => wrong(label, b.total, want);

    await row(
      'GET /api/vendors (first page)',
      50,
      '/api/vendors?limit=10',
      adminToken,
      total('vendors total', all),
    );
    await row(
      'GET /api/vendors?search=Partner 42',
      50,
      '/api/vendors?limit=10&search=Partner%2042',
      adminToken,
      total('vendors search total', searched),
    );
    await row(
      'GET /api/vendors?search=<e-mail>',
      50,
      `/api/vendors?limit=10&search=${encodeURIComponent('PARTNER-777@')}`,
      adminToken,
      total('vendors e-mail search total', byEmail),
    );
    await row(
      'GET /api/vendors?category=Healthcare',
      50,
      '/api/vendors?limit=10&category=Healthcare',
      adminToken,
      total('vendors category total', healthcare),
    );
    await row(
      'GET /api/vendors?search&category',
      50,
      '/api/vendors?limit=10&search=Partner%201&category=Retail',
      adminToken,
      total('vendors search+category total', both),
    );
    await row(
      `GET /api/vendors?cursor (row ${deep.toLocaleString()})`,
      50,
      `/api/vendors?limit=10&cursor=${cursorOf(before)}`,
      adminToken,
      total('vendors deep page total', all),
    );
    await row(
      `GET /api/vendors?offset=${deep}`,
      50,
      `/api/vendors?limit=10&offset=${deep}`,
      adminToken,
      total('vendors offset total', all),
    );
    await row('GET /api/vendors/{id}', 50, `/api/vendors/${partnerId}`, adminToken, (b) =>
      wrong('vendor name', b.name, 'Scale Partner 4242'),
    );
    await row('GET /api/partners/{id}/users', 50, `/api/partners/${partnerId}/users`, adminToken, (b) =>
      wrong('portal users of one partner', b.length, USERS_PER_PARTNER),
    );
    await row(
      'GET /api/vendors/{id}/qr-codes',
      50,
      `/api/vendors/${company.id}/qr-codes?limit=10`,
      adminToken,
      total('vendor codes total', companyCodes),
    );
    await timeSorts({ client, adminToken, row, wrong, sqlCount });
    await client.query('reset search_path');
  },
};

/** Issue 27: the screen's sorts and filters, each first page compared with SQL's own order. */
async function timeSorts({ client, adminToken, row, wrong, sqlCount }) {
  const ids = async (where, orderBy, params = [], offset = 0) =>
    (
      await client.query(
        `select id::text from partners.companies c where ${where} order by ${orderBy} offset ${offset} limit 10`,
        params,
      )
    ).rows.map((r) => r.id);
  const sameIds = (label, want) => (b) => wrong(label, b.items.map((v) => v.id).join(','), want.join(','));
  const name = (dir) => `lower(c.name) ${dir}, c.id ${dir}`;
  const created = (dir) => `c.created_at ${dir}, c.id ${dir}`;
  for (const [label, query, orderBy] of [
    ['sort=name (A–Z)', 'sort=name', name('asc')],
    ['sort=name&order=desc (Z–A)', 'sort=name&order=desc', name('desc')],
    ['sort=createdAt&order=asc (oldest first)', 'sort=createdAt&order=asc', created('asc')],
  ]) {
    await row(
      `GET /api/vendors?${label}`,
      50,
      `/api/vendors?limit=10&${query}`,
      adminToken,
      sameIds(`vendors ${label}`, await ids('true', orderBy)),
    );
  }
  const search = `(c.name ilike '%partner 42%' or lower(c.email) like '%partner 42%')`;
  await row(
    'GET /api/vendors?search=Partner 42&sort=name',
    50,
    '/api/vendors?limit=10&search=Partner%2042&sort=name',
    adminToken,
    sameIds('vendors search by name', await ids(search, name('asc'))),
  );
  const wide = `(c.name ilike '%partner 1%' or lower(c.email) like '%partner 1%')`;
  await row(
    'GET /api/vendors?search=Partner 1&sort=name&order=desc',
    50,
    '/api/vendors?limit=10&search=Partner%201&sort=name&order=desc',
    adminToken,
    sameIds('vendors wide search by name', await ids(wide, name('desc'))),
  );
  await row(
    'GET /api/vendors?category=Healthcare&sort=name',
    50,
    '/api/vendors?limit=10&category=Healthcare&sort=name',
    adminToken,
    sameIds('vendors category by name', await ids(`c.categories @> '["Healthcare"]'`, name('asc'))),
  );
  const active = await sqlCount('select count(*) n from partners.companies where is_active');
  await row(
    'GET /api/vendors?status=active&sort=name',
    50,
    '/api/vendors?limit=10&status=active&sort=name',
    adminToken,
    (b) => wrong('vendors active total', b.total, active),
  );
  const inactive = await sqlCount('select count(*) n from partners.companies where not is_active');
  await row(
    'GET /api/vendors?status=inactive (walks every partner when none is)',
    50,
    '/api/vendors?limit=10&status=inactive',
    adminToken,
    (b) => wrong('vendors inactive total', b.total, inactive),
  );
  const all = await sqlCount('select count(*) n from partners.companies');
  const deep = Math.min(5000, Math.floor(all / 2));
  const [before] = (
    await client.query(
      `select lower(c.name) as value, c.id::text from partners.companies c order by ${name('asc')}
        offset ${deep - 1} limit 1`,
    )
  ).rows;
  await row(
    `GET /api/vendors?sort=name&cursor (row ${deep.toLocaleString()})`,
    50,
    `/api/vendors?limit=10&sort=name&cursor=${sortedCursorOf('name', 'asc', before)}`,
    adminToken,
    sameIds('vendors name deep page', await ids('true', name('asc'), [], deep)),
  );
}
