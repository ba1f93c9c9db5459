// Project Rooted exclusives (issue 14) at a year of data: SCALE_EXCLUSIVES (default 10,000) of the
// seeded codes become exclusives, spread evenly through the million (the worst case for reading them
// back), of all five types, some expired, some used up, events and sessions with dates around today.
// Times the screen's list for every tab (with the eight counts each answer carries) and a deep page
// by cursor, and checks each count against a direct SQL count. Issue 27: the table's sorts (title,
// expiry, usage, oldest first) both ways, its search and partner filter, a tab with a sort, and a deep
// page of a sort by cursor, each checked against the same order or count in direct SQL.
import { performance } from 'node:perf_hooks';

const EXCLUSIVES = Number(process.env.SCALE_EXCLUSIVES ?? 10_000);
const CODES = Number(process.env.SCALE_CODES ?? 1_000_000);
const TYPES = ['training_session', 'raffle_prize', 'special_event', 'exclusive_discount', 'custom'];
const TABS = ['all', 'active', 'upcoming', 'expired', 'training', 'raffles', 'events', 'discounts'];

/** The SQL meaning of each tab, written independently of the service (the bench's check). */
const TODAY = `(now() at time zone $1)::date`;
const TAB_SQL = {
  all: 'true',
  active: `(expiration_date is null or expiration_date >= ${TODAY}) and (usage_limit = 999999 or usage_count < usage_limit)`,
  upcoming: `exclusive_event_date >= ${TODAY}`,
  expired: `expiration_date < ${TODAY}`,
  training: `exclusive_type = 'training_session'`,
  raffles: `exclusive_type = 'raffle_prize'`,
  events: `exclusive_type = 'special_event'`,
  discounts: `exclusive_type = 'exclusive_discount'`,
};

let timeZone = process.env.BUSINESS_TIMEZONE ?? 'UTC';

export const section = {
  title: `Project Rooted exclusives (${EXCLUSIVES.toLocaleString('en-US')} among the codes)`,

  async seed({ client, env }) {
    timeZone = env?.BUSINESS_TIMEZONE ?? timeZone;
    await client.query('set search_path = vouchers');
    const count = Math.min(EXCLUSIVES, CODES);
    const step = Math.max(1, Math.floor(CODES / count));
    // Exclusive n is code g = n * step (ids are md5('code' || g), as the vouchers seed made them).
    await client.query(
      `with picked as (
         select n, md5('code' || (n * ${step}))::uuid as id,
                (array[${TYPES.map((t) => `'${t}'`).join(', ')}])[n % 5 + 1] as type,
                current_date + ((n % 120) - 60) as event_day
           from generate_series(1, ${count}) n)
       update qr_codes q set
         is_project_rooted_exclusive = true,
         exclusive_type = p.type,
         partner_type = 'exclusive',
         qr_type = 'other',
         clinic_name = 'Project Rooted',
         custom_title = 'Exclusive ' || p.n,
         service = 'Exclusive ' || p.n,
         expiration_date = case when p.n % 4 = 0 then current_date - (p.n % 30 + 1) else current_date + 90 end,
         usage_limit = case when p.n % 7 = 0 then q.usage_count else q.usage_limit end,
         exclusive_event_date = case when p.type in ('training_session', 'special_event') then p.event_day end,
         exclusive_details = jsonb_build_object(
           'title', 'Exclusive ' || p.n, 'description', 'A bench exclusive', 'value', (p.n % 50) || '% off',
           'eventName', case when p.type = 'special_event' then 'Event ' || p.n end,
           'eventDate', case when p.type in ('training_session', 'special_event') then p.event_day::text end,
           'trainerName', case when p.type = 'training_session' then 'Coach ' || (p.n % 20) end)
         from picked p where q.id = p.id`,
    );
    await client.query('vacuum analyze qr_codes');
  },

  async time({ client, adminToken, base, company, row, wrong, sqlCount }) {
    const url = (tab, extra = '') => `/api/project-rooted-exclusives?filter=${tab}&limit=50${extra}`;
    const expected = {};
    for (const tab of TABS) {
      expected[tab] = await sqlCount(
        `select count(*) n from vouchers.qr_codes where is_project_rooted_exclusive and ${TAB_SQL[tab]}`,
        TAB_SQL[tab].includes('$1') ? [timeZone] : [],
      );
    }
    for (const tab of TABS) {
      await row(`GET /api/project-rooted-exclusives?filter=${tab}`, 50, url(tab), adminToken, (b) => {
        for (const t of TABS) wrong(`exclusives count ${t} (tab ${tab})`, b.counts[t], expected[t]);
        wrong(`exclusives ${tab} page size`, b.items.length, Math.min(50, expected[tab]));
        wrong(
          `exclusives ${tab}: only exclusives`,
          b.items.every((e) => e.isProjectRootedExclusive),
          true,
        );
      });
    }
    // Page 20 of the All tab, reached by cursor as the screen's pager does.
    let cursor = null;
    const started = performance.now();
    for (let page = 1; page < 20; page++) {
      const res = await fetch(`${base}${url('all', cursor ? `&cursor=${cursor}` : '')}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      cursor = (await res.json()).nextCursor;
      if (!cursor) break;
    }
    console.log(`  (walked 19 pages by cursor in ${(performance.now() - started).toFixed(0)} ms)`);
    if (cursor) {
      await row(
        'GET /api/project-rooted-exclusives page 20 (cursor)',
        50,
        url('all', `&cursor=${cursor}`),
        adminToken,
      );
    }
    await timeTable({ client, adminToken, base, company, row, wrong, sqlCount });
  },
};

/** The ids SQL puts first in an order over the exclusives (the bench's own statement of each sort). */
async function firstIds(client, where, orderBy, params = [], limit = 50) {
  const { rows } = await client.query(
    `select id::text from vouchers.qr_codes q where q.is_project_rooted_exclusive and ${where}
      order by ${orderBy} limit ${limit}`,
    params,
  );
  return rows.map((r) => r.id);
}

const SORTS = {
  title: 'lower(q.service)',
  expiresAt: "coalesce(q.expiration_date, 'infinity'::date)",
  usageCount: 'q.usage_count',
  createdAt: 'q.created_at',
};

/** Issue 27: the table's sorts, search and partner filter, each compared with SQL's own answer. */
async function timeTable({ client, adminToken, base, company, row, wrong, sqlCount }) {
  const list = (query) => `/api/project-rooted-exclusives?limit=50&${query}`;
  const sameIds = (label, want) => (b) => wrong(label, b.items.map((e) => e.id).join(','), want.join(','));
  for (const [sort, order] of [
    ['title', 'asc'],
    ['title', 'desc'],
    ['expiresAt', 'asc'],
    ['expiresAt', 'desc'],
    ['usageCount', 'desc'],
    ['usageCount', 'asc'],
    ['createdAt', 'asc'],
  ]) {
    const want = await firstIds(client, 'true', `${SORTS[sort]} ${order}, q.id ${order}`);
    await row(
      `GET /api/project-rooted-exclusives?sort=${sort}&order=${order}`,
      50,
      list(`sort=${sort}&order=${order}`),
      adminToken,
      sameIds(`exclusives sort=${sort} ${order}: first page`, want),
    );
  }
  // A tab with a sort: Active, soonest expiry first.
  const active = await firstIds(client, TAB_SQL.active, `${SORTS.expiresAt} asc, q.id asc`, [timeZone]);
  await row(
    'GET /api/project-rooted-exclusives?filter=active&sort=expiresAt',
    50,
    list('filter=active&sort=expiresAt'),
    adminToken,
    sameIds('exclusives active by expiry: first page', active),
  );
  // The search box (title, vendor, custom title, batch), alone and with a sort.
  const like = '%exclusive 42%';
  const searchSql = `(lower(q.service) like $1 or lower(coalesce(q.custom_title, '')) like $1
    or lower(q.clinic_name) like $1 or lower(coalesce(q.batch_name, '')) like $1)`;
  const searched = await sqlCount(
    `select count(*) n from vouchers.qr_codes q where q.is_project_rooted_exclusive and ${searchSql}`,
    [like],
  );
  await row(
    'GET /api/project-rooted-exclusives?search=Exclusive 42',
    50,
    list('search=Exclusive%2042'),
    adminToken,
    (b) => wrong('exclusives search total', b.total, searched),
  );
  const searchedByUsage = await firstIds(client, searchSql, 'q.usage_count desc, q.id desc', [like]);
  await row(
    'GET /api/project-rooted-exclusives?search=Exclusive 42&sort=usageCount',
    50,
    list('search=Exclusive%2042&sort=usageCount'),
    adminToken,
    sameIds('exclusives search by usage: first page', searchedByUsage),
  );
  // The partner filter: made for the partner or assigned to it (the seed assigns every tenth code).
  const partnerSql = `(q.vendor_id = $1 or q.id in (select p.qr_code_id from vouchers.qr_code_partners p
    where p.partner_id = $1 and p.is_active))`;
  const ofPartner = await sqlCount(
    `select count(*) n from vouchers.qr_codes q where q.is_project_rooted_exclusive and ${partnerSql}`,
    [company.id],
  );
  await row(
    'GET /api/project-rooted-exclusives?partnerId',
    50,
    list(`partnerId=${company.id}`),
    adminToken,
    (b) => wrong('exclusives partner total', b.total, ofPartner),
  );
  const partnerByTitle = await firstIds(client, partnerSql, 'lower(q.service) asc, q.id asc', [company.id]);
  await row(
    'GET /api/project-rooted-exclusives?partnerId&sort=title',
    50,
    list(`partnerId=${company.id}&sort=title`),
    adminToken,
    sameIds('exclusives partner by title: first page', partnerByTitle),
  );
  // Page 20 of the title sort, reached by cursor as the screen's pager does.
  let cursor = null;
  for (let page = 1; page < 20; page++) {
    const res = await fetch(`${base}${list(`sort=title${cursor ? `&cursor=${cursor}` : ''}`)}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    cursor = (await res.json()).nextCursor;
    if (!cursor) break;
  }
  if (cursor) {
    const want = (
      await client.query(
        `select id::text from vouchers.qr_codes q where q.is_project_rooted_exclusive
          order by lower(q.service), q.id offset 950 limit 50`,
      )
    ).rows.map((r) => r.id);
    await row(
      'GET /api/project-rooted-exclusives?sort=title page 20 (cursor)',
      50,
      list(`sort=title&cursor=${cursor}`),
      adminToken,
      sameIds('exclusives title page 20', want),
    );
  }
}
