// The audit trail at a busy club's year (issue 26): SCALE_AUDIT_ENTRIES entries (default 10,000,000) in
// the audit service's read model (audit.audit_log), seeded set-based, then /audit's and the company
// Activity tab's calls timed through the gateway (goal < 50 ms a page).
//
// Entry g (1..N) is at now() - 399 days + g × (399 days / N): spread evenly over the last 399 days (inside
// the 400-day retention, so the purge job has nothing to take while the bench runs), inserted oldest
// first as the live table grows. Its kind is picked by (g × 37) mod 100 from KINDS (the weights are
// percents): mostly the public's redeems, then sign-ins, ledger rows, staff's till redeems and
// allocations, the administrators' code and partner changes, ZIP jobs. Actors are 50 users: 10
// administrators (user 1 is the bench's real admin) and 40 partner staff, of whom users 11–15 work for
// the bench's company (user 11 is its real scale-staff) and the rest for 35 other partners (the ids
// partners.mjs gives its first 35). A staff member's action concerns its own company, as the services
// record it, except 1 in 997 (company none): the few entries a company reads through its staff only
// (the second branch of its visibility, which must not scan all its staff's entries). A code's entries
// concern the bench's company when the main seed assigned it (every 10th code), another partner for 3
// in 10, nobody otherwise. Targets are the main seed's codes, the users, and md5-derived ids.
const N = Number(process.env.SCALE_AUDIT_ENTRIES ?? 10_000_000);
const CODES = Number(process.env.SCALE_CODES ?? 1_000_000);
const PAGE = 50;

/** [action, percent, target type, actor: public | admin | staff | any, service, changes (SQL)] */
const KINDS = [
  [
    'vouchers.voucher.redeemed',
    38,
    'voucher',
    'public',
    'vouchers',
    `jsonb_build_object('usageCount', jsonb_build_object('before', g % 7, 'after', g % 7 + 1), 'channel', jsonb_build_object('before', null, 'after', 'public'))`,
  ],
  [
    'vouchers.voucher.till-redeemed',
    4,
    'voucher',
    'staff',
    'vouchers',
    `jsonb_build_object('usageCount', jsonb_build_object('before', g % 7, 'after', g % 7 + 1), 'channel', jsonb_build_object('before', null, 'after', 'till'))`,
  ],
  ['identity.sign-in.succeeded', 10, 'user', 'any', 'identity', 'null'],
  [
    'identity.sign-in.failed',
    3,
    'user',
    'public',
    'identity',
    `jsonb_build_object('usernameTried', jsonb_build_object('before', null, 'after', 'user' || g % 50))`,
  ],
  ['identity.session.ended', 3, 'user', 'any', 'identity', 'null'],
  [
    'credits.transaction.recorded',
    10,
    'credit-transaction',
    'staff',
    'credits',
    `jsonb_build_object('amount', jsonb_build_object('before', null, 'after', 100 * (1 + g % 90)), 'category', jsonb_build_object('before', null, 'after', 'equipment'))`,
  ],
  [
    'credits.transaction.voided',
    1,
    'credit-transaction',
    'admin',
    'credits',
    `jsonb_build_object('voidReason', jsonb_build_object('before', null, 'after', 'Returned'))`,
  ],
  [
    'credits.credit.created',
    1,
    'credit',
    'admin',
    'credits',
    `jsonb_build_object('totalAmount', jsonb_build_object('before', null, 'after', 50000))`,
  ],
  [
    'vouchers.voucher.created',
    4,
    'voucher',
    'admin',
    'vouchers',
    `jsonb_build_object('service', jsonb_build_object('before', null, 'after', 'Service ' || g % 100))`,
  ],
  [
    'vouchers.voucher.deleted',
    3,
    'voucher',
    'admin',
    'vouchers',
    `jsonb_build_object('service', jsonb_build_object('before', 'Service ' || g % 100, 'after', null))`,
  ],
  [
    'vouchers.assignment.changed',
    3,
    'voucher',
    'admin',
    'vouchers',
    `jsonb_build_object('isActive', jsonb_build_object('before', false, 'after', true))`,
  ],
  [
    'vouchers.batch.created',
    1,
    'batch',
    'admin',
    'vouchers',
    `jsonb_build_object('count', jsonb_build_object('before', null, 'after', 1000))`,
  ],
  [
    'inventory.allocation.usage-updated',
    5,
    'allocation',
    'staff',
    'inventory',
    `jsonb_build_object('used', jsonb_build_object('before', g % 9, 'after', g % 9 + 1))`,
  ],
  [
    'inventory.stock-line.restocked',
    3,
    'stock-line',
    'admin',
    'inventory',
    `jsonb_build_object('quantity', jsonb_build_object('before', g % 40, 'after', g % 40 + 20))`,
  ],
  [
    'inventory.allocation.created',
    2,
    'allocation',
    'admin',
    'inventory',
    `jsonb_build_object('quantity', jsonb_build_object('before', null, 'after', 5))`,
  ],
  [
    'partners.partner.updated',
    2,
    'partner',
    'admin',
    'partners',
    `jsonb_build_object('phone', jsonb_build_object('before', '+1 555 0100', 'after', '+1 555 0199'))`,
  ],
  [
    'identity.user.profile-changed',
    2,
    'user',
    'any',
    'identity',
    `jsonb_build_object('lastName', jsonb_build_object('before', 'Member', 'after', 'Member ' || g % 9))`,
  ],
  [
    'rendering.zip-job.requested',
    2,
    'zip-job',
    'staff',
    'rendering',
    `jsonb_build_object('codes', jsonb_build_object('before', null, 'after', 100))`,
  ],
  ['rendering.zip-job.downloaded', 2, 'zip-job', 'staff', 'rendering', 'null'],
  ['identity.user.password-changed', 1, 'user', 'any', 'identity', 'null'],
];
if (KINDS.reduce((sum, kind) => sum + kind[1], 0) !== 100) throw new Error('audit KINDS must add up to 100');

/** A stable, valid (version 4, RFC variant) uuid from a text: what the contracts accept as an id. */
const idSql = (text) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
/** Partner p (1..35): the id partners.mjs gives its p-th partner. */
const partnerSql = (p) => idSql(`'partner' || ${p}`);

const list = (values) => `array[${values.join(', ')}]`;
const quoted = (text) => `'${text}'`;

async function seed({ client, company }) {
  const { rows: users } = await client.query(
    `select username, id::text from identity.users where username in ('admin', 'scale-staff')`,
  );
  const userId = Object.fromEntries(users.map((u) => [u.username, u.id]));
  await client.query('set search_path = audit');
  await client.query(`set maintenance_work_mem = '512MB'`);
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes
      where schemaname = 'audit' and tablename = 'audit_log'
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await client.query(`drop index audit."${indexname}"`);

  // kind (1..20) of each of the 100 buckets, in KINDS order.
  const bucketKind = KINDS.flatMap((kind, i) => Array(kind[1]).fill(i + 1));
  const actorOf = { public: 0, admin: 1, staff: 2, any: 3 };
  await client.query(
    `insert into audit_log (id, at, actor_type, actor_id, actor_name, actor_role, actor_company_id, action,
       target_type, target_id, company_id, request_id, ip, user_agent, changes, service)
     select ${idSql(`'audit' || g`)}, at,
            case when who = 0 then 'public' else 'user' end,
            case when who = 0 then null
                 when u = 1 then $2::text when u = 11 then $3::text
                 else ${idSql(`'audit-user' || u`)}::text end,
            case when who = 0 then null when u = 1 then 'admin' when u = 11 then 'scale-staff'
                 when u <= 10 then 'club-admin-' || u else 'staff-' || u end,
            case when who = 0 then null when u <= 10 then 'super_admin' else 'company_admin' end,
            actor_company, action, target_type,
            case target_type
              when 'voucher' then md5('code' || c)::uuid::text
              when 'user' then case when u = 1 then $2::text when u = 11 then $3::text
                                    else ${idSql(`'audit-user' || u`)}::text end
              when 'partner' then ${partnerSql('1 + c % 35')}::text
              else ${idSql(`target_type || (g / 3)`)}::text end,
            case
              when who = 2 and g % 997 = 0 then null
              when target_type = 'voucher' and who <> 2 then
                case when c % 10 = 0 then $1::uuid when c % 10 <= 3 then ${partnerSql('1 + c % 35')} end
              when target_type = 'partner' then ${partnerSql('1 + c % 35')}
              when target_type in ('credit', 'credit-transaction', 'allocation') and who = 1 then
                case when c % 10 = 0 then $1::uuid else ${partnerSql('1 + c % 35')} end
              else actor_company end,
            md5('request' || g),
            case when who = 0 then '203.0.113.' || (g % 250) else '10.1.' || (u % 250) || '.' || (g % 250) end,
            (array['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1',
                   'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0 Safari/537.36',
                   'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36'])[1 + g % 3],
            changes, service
       from (select *, case when u between 11 and 15 then $1::uuid
                            when u > 15 then ${partnerSql('u - 15')} end as actor_company
               from (select *, case who when 0 then null
                                        when 1 then 1 + (g / 100) % 10
                                        when 2 then 11 + (g / 100) % 40
                                        else 1 + (g / 100) % 50 end as u
                       from (select g, now() - interval '399 days' + g * (interval '399 days' / ${N}) as at,
                                    1 + (g * 7919) % ${CODES} as c,
                                    (${list(KINDS.map((k) => actorOf[k[3]]))})[kind] as who,
                                    (${list(KINDS.map((k) => quoted(k[0])))})[kind] as action,
                                    (${list(KINDS.map((k) => quoted(k[2])))})[kind] as target_type,
                                    (${list(KINDS.map((k) => quoted(k[4])))})[kind] as service,
                                    case kind ${KINDS.map((k, i) => `when ${i + 1} then ${k[5]}`).join(' ')} end as changes
                               from (select g, (${list(bucketKind)})[1 + (g * 37) % 100] as kind
                                       from generate_series(1::bigint, ${N}) g) k) s) a) t`,
    [company.id, userId.admin, userId['scale-staff'] ?? null],
  );
  for (const { indexdef } of indexes) await client.query(indexdef);
  await client.query('vacuum analyze audit_log');
}

const cursorOf = (row) => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
const ids = (rows) => rows.map((r) => r.id).join(',');
const query = (params) => `/api/audit?${new URLSearchParams({ limit: String(PAGE), ...params }).toString()}`;

/** The entries the live platform records meanwhile (logins, the vendor) have reached the read model. */
async function settle(client) {
  let last = -1;
  for (let i = 0; i < 20; i++) {
    const n = Number(
      (await client.query(`select count(*) n from audit.audit_log where at > now() - interval '10 minutes'`))
        .rows[0].n,
    );
    if (n === last) return;
    last = n;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function time({ client, adminToken, companyToken, company, row, wrong }) {
  await settle(client);
  /** The page as direct SQL answers it: `where` over audit_log, newest first. */
  const page = async (where, params = [], offset = 0) =>
    (
      await client.query(
        `select id::text, at::text from audit.audit_log where ${where}
          order by at desc, id desc limit ${PAGE} offset ${offset}`,
        params,
      )
    ).rows;
  /** The answer is the direct SQL's page, which has entries (unless `none`: a filter nothing meets). */
  const same =
    (what, want, { none = false } = {}) =>
    (b) => {
      wrong(`${what}: has entries`, want.length > 0, !none);
      wrong(`${what}: page size`, b.items.length, want.length);
      wrong(`${what}: ids`, ids(b.items), ids(want));
    };
  const entries = Number((await client.query('select count(*) n from audit.audit_log')).rows[0].n);
  if (entries < N) wrong('audit entries seeded', entries, N);

  // The entry about 200 days old, and the page after it (the cursor is the row before the page).
  const [before] = (
    await client.query(
      `select at::text, id::text from audit.audit_log where at < now() - interval '200 days'
        order by at desc, id desc limit 1`,
    )
  ).rows;
  const adminUser = (await client.query(`select id::text from identity.users where username = 'admin'`))
    .rows[0].id;
  const staffUser = (await client.query(`select id::text from identity.users where username = 'scale-staff'`))
    .rows[0].id;
  // A code with a history: the one in the 1,000th voucher entry from the newest.
  const oneCode = (
    await client.query(
      `select target_id as id from audit.audit_log where target_type = 'voucher'
        order by at desc, id desc offset 1000 limit 1`,
    )
  ).rows[0].id;
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const from = day(121);
  const to = day(120);
  const visible = `(company_id = $1 or actor_company_id = $1)`;

  const first = await row(
    'GET /api/audit?limit=50 (first page)',
    50,
    query({}),
    adminToken,
    same('audit first page', await page('true')),
  );
  if (first?.nextCursor) {
    await row(
      'GET /api/audit?cursor (page 2, by nextCursor)',
      50,
      query({ cursor: first.nextCursor }),
      adminToken,
      same('audit page 2', await page('true', [], PAGE)),
    );
  }
  await row(
    'GET /api/audit?cursor (the entry 200 days old)',
    50,
    query({ cursor: cursorOf(before) }),
    adminToken,
    same('audit deep page', await page('(at, id) < ($1::timestamptz, $2::uuid)', [before.at, before.id])),
  );
  await row(
    'GET /api/audit?action=vouchers.voucher.deleted',
    50,
    query({ action: 'vouchers.voucher.deleted' }),
    adminToken,
    same('audit by action', await page('action = $1', ['vouchers.voucher.deleted'])),
  );
  await row(
    'GET /api/audit?action=… (a rare one: credits.credit.created, deep)',
    50,
    query({ action: 'credits.credit.created', cursor: cursorOf(before) }),
    adminToken,
    same(
      'audit by rare action, deep',
      await page('action = $1 and (at, id) < ($2::timestamptz, $3::uuid)', [
        'credits.credit.created',
        before.at,
        before.id,
      ]),
    ),
  );
  await row(
    'GET /api/audit?actorId=… (the admin)',
    50,
    query({ actorId: adminUser }),
    adminToken,
    same('audit by actor', await page('actor_id = $1', [adminUser])),
  );
  await row(
    'GET /api/audit?targetType=voucher&targetId=… (one code)',
    50,
    query({ targetType: 'voucher', targetId: oneCode }),
    adminToken,
    same('audit one code', await page('target_type = $1 and target_id = $2', ['voucher', oneCode])),
  );
  await row(
    'GET /api/audit?from&to (one day, 120 days ago)',
    50,
    query({ from, to }),
    adminToken,
    same('audit by dates', await page('at >= $1 and at <= $2', [from, to])),
  );
  await row(
    'GET /api/audit?action&actorId&from&to (combined)',
    50,
    query({ action: 'identity.sign-in.succeeded', actorId: staffUser, from: day(300), to: day(100) }),
    adminToken,
    same(
      'audit combined',
      await page('action = $1 and actor_id = $2 and at >= $3 and at <= $4', [
        'identity.sign-in.succeeded',
        staffUser,
        day(300),
        day(100),
      ]),
    ),
  );
  await row(
    'GET /api/audit?action&actorId (a pair that never occurs: an empty page)',
    50,
    query({ action: 'vouchers.voucher.till-redeemed', actorId: adminUser }),
    adminToken,
    same(
      'audit action+actor, none',
      await page('action = $1 and actor_id = $2', ['vouchers.voucher.till-redeemed', adminUser]),
      { none: true },
    ),
  );
  const companyFirst = await row(
    'GET /api/audit?limit=50 (company, first page)',
    50,
    query({}),
    companyToken,
    same('company first page', await page(visible, [company.id])),
  );
  if (companyFirst) wrong('company first page has entries', companyFirst.items.length, PAGE);
  await row(
    'GET /api/audit?cursor (company, the entry 200 days old)',
    50,
    query({ cursor: cursorOf(before) }),
    companyToken,
    same(
      'company deep page',
      await page(`${visible} and (at, id) < ($2::timestamptz, $3::uuid)`, [company.id, before.at, before.id]),
    ),
  );
  await row(
    'GET /api/audit?action=rendering.zip-job.requested (company)',
    50,
    query({ action: 'rendering.zip-job.requested' }),
    companyToken,
    same(
      'company by action',
      await page(`${visible} and action = $2`, [company.id, 'rendering.zip-job.requested']),
    ),
  );
  await row(
    'GET /api/audit?action=vouchers.voucher.till-redeemed (company)',
    50,
    query({ action: 'vouchers.voucher.till-redeemed' }),
    companyToken,
    same(
      'company by action (its staff, on its codes)',
      await page(`${visible} and action = $2`, [company.id, 'vouchers.voucher.till-redeemed']),
    ),
  );
}

export const section = {
  title: `Audit trail (/audit, Activity: ${N.toLocaleString('en')} entries)`,
  seed,
  time,
};
