// The partners screen at the size of a real network (issue 12): SCALE_PARTNERS partner companies
// (default 10,000) in the partners schema, each with SCALE_PORTAL_USERS_PER_PARTNER portal users
// (default 2 → 20,000) in the identity schema, then the screen's calls timed through the gateway.
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
    await client.query('reset search_path');
  },
};
