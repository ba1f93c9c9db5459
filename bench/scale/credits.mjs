// Athlete credits at a club's scale (issue 15): SCALE_CREDITS allocations (default 10,000) and
// SCALE_CREDIT_TRANSACTIONS ledger rows (default 1,000,000) over the last year, seeded set-based in the
// credits schema; then every call of /admin-credits and /partner-credits is timed (goal < 50 ms; a
// search box < 100 ms, as the vouchers' search).
//
// Credit c (1..N) belongs to athlete 'Athlete c'; every 10th is tied to the bench's company, every 10th
// + 1 to another partner, the rest to none. Its transactions (T / N each, $10.00) are recorded by the
// company on its own and unassigned credits (half of the unassigned ones' rows), by the other partner
// otherwise; every 20th is voided. Balances, used amounts and the tallies are computed from those rows,
// so the ledger invariant holds and the answers can be checked against direct SQL counts.

const CREDITS = Number(process.env.SCALE_CREDITS ?? 10_000);
const TRANSACTIONS = Number(process.env.SCALE_CREDIT_TRANSACTIONS ?? 1_000_000);
const OTHER_PARTNER = '0000000b-0000-4000-8000-00000000000b';
const PLATFORM_SCOPE = '00000000-0000-0000-0000-000000000000';

/** A stable, valid (version 4, RFC variant) uuid from a text: what the contracts accept as an id. */
const idSql = (text) =>
  `(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18, 15))::uuid`;

async function seed({ client, company, env }) {
  const tz = env.BUSINESS_TIMEZONE ?? 'America/Los_Angeles';
  const perCredit = Math.max(1, Math.floor(TRANSACTIONS / CREDITS));
  await client.query('set search_path = credits');
  await client.query('set session_replication_role = replica');
  await client.query(`set maintenance_work_mem = '256MB'`);
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes
      where schemaname = 'credits' and tablename in ('athlete_credits', 'credit_transactions')
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await client.query(`drop index credits."${indexname}"`);

  await client.query(
    `insert into athlete_credits (id, athlete_name, athlete_role, total_amount, monthly_amount, duration,
       start_date, end_date, current_balance, used_amount, partner_id, partner_name, is_active, created_at,
       created_by, updated_at)
     select ${idSql("'credit' || c")}, 'Athlete ' || c, (array['athlete', 'trainer', 'coach'])[1 + c % 3],
            ${perCredit} * 1000 + 50000, round((${perCredit} * 1000 + 50000) / 12.0), 12,
            (now() - interval '400 days')::date, (now() + interval '400 days')::date,
            ${perCredit} * 1000 + 50000, 0,
            case when c % 10 = 0 then $1::uuid when c % 10 = 1 then $2::uuid end,
            case when c % 10 = 0 then 'Scale Sports Club' when c % 10 = 1 then 'Other Partner' end,
            true, now() - interval '366 days' + c * interval '1 second', 'bench', now()
       from generate_series(1, ${CREDITS}) c`,
    [company.id, OTHER_PARTNER],
  );
  // Row g is transaction k = (g - 1) / N + 1 of credit c = (g - 1) % N + 1; g = 1 is the oldest.
  await client.query(
    `insert into credit_transactions (id, credit_id, athlete_name, partner_id, partner_name, transaction_type,
       amount, description, category, balance_after, created_at, created_by, business_day, voided_at,
       voided_by, void_reason)
     select ${idSql("'tx' || g")}, ${idSql("'credit' || c")}, 'Athlete ' || c,
            case when c % 10 = 1 or (c % 10 > 1 and g % 2 = 1) then $2::uuid else $1::uuid end,
            case when c % 10 = 1 or (c % 10 > 1 and g % 2 = 1) then 'Other Partner' else 'Scale Sports Club' end,
            'purchase', 1000, 'Purchase ' || g, 'equipment', ${perCredit} * 1000 + 50000 - k * 1000, at, 'bench',
            (at at time zone $3)::date,
            case when g % 20 = 0 then at + interval '1 hour' end,
            case when g % 20 = 0 then 'bench' end,
            case when g % 20 = 0 then 'Returned' end
       from (select g, (g - 1) % ${CREDITS} + 1 as c, (g - 1) / ${CREDITS} + 1 as k,
                    now() - interval '365 days' + g * (interval '365 days' / ${TRANSACTIONS}) as at
               from generate_series(1, ${perCredit * CREDITS}) g) s`,
    [company.id, OTHER_PARTNER, tz],
  );
  await client.query(
    `update athlete_credits a set used_amount = s.used, current_balance = a.total_amount - s.used
       from (select credit_id, coalesce(sum(amount) filter (where voided_at is null), 0) as used
               from credit_transactions group by credit_id) s
      where s.credit_id = a.id`,
  );
  await client.query(
    `insert into credit_tallies (scope_id, day, shard, transactions, sales)
     select scope, business_day, 0, count(*), coalesce(sum(amount) filter (where voided_at is null), 0)
       from (select $1::uuid as scope, business_day, amount, voided_at from credit_transactions
             union all
             select partner_id, business_day, amount, voided_at from credit_transactions where partner_id is not null) t
      group by scope, business_day`,
    [PLATFORM_SCOPE],
  );
  for (const { indexdef } of indexes) await client.query(indexdef);
  await client.query('set session_replication_role = origin');
  await client.query('vacuum analyze athlete_credits, credit_transactions, credit_tallies');
}

const cursorOf = (at, id) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

async function time({ client, adminToken, companyToken, company, row, wrong, sqlCount }) {
  const probe = Math.min(4242, CREDITS);
  await client.query('set search_path = credits');
  const expected = {
    credits: await sqlCount('select count(*) n from credits.athlete_credits where is_active'),
    transactions: await sqlCount('select count(*) n from credits.credit_transactions'),
    search: await sqlCount(
      `select count(*) n from credits.athlete_credits where athlete_name ilike '%Athlete 42%'`,
    ),
    txSearch: await sqlCount(
      `select count(*) n from credits.credit_transactions where athlete_name ilike '%Athlete ${probe}%'`,
    ),
    partnerCredits: await sqlCount(
      'select count(*) n from credits.athlete_credits where is_active and (partner_id is null or partner_id = $1)',
      [company.id],
    ),
    partnerTransactions: await sqlCount(
      'select count(*) n from credits.credit_transactions where partner_id = $1',
      [company.id],
    ),
  };
  const deep = Math.min(500_000, Math.floor(expected.transactions / 2));
  const [before, deepRow] = (
    await client.query(
      `select created_at::text as at, id from credits.credit_transactions
        order by created_at desc, id desc offset $1 limit 2`,
      [deep - 1],
    )
  ).rows;
  const oneCredit = (await client.query(`select ${idSql(`'credit' || ${Math.min(4242, CREDITS)}`)} as id`))
    .rows[0].id;

  await row('GET /api/athlete-credits?limit=50', 50, '/api/athlete-credits?limit=50', adminToken, (b) => {
    wrong('credits total', b.total, expected.credits);
    wrong('credits page size', b.items.length, Math.min(50, expected.credits));
  });
  await row(
    'GET /api/athlete-credits?limit=50&search=Athlete 42',
    100,
    '/api/athlete-credits?limit=50&search=Athlete%2042',
    adminToken,
    (b) => wrong('credits search total', b.total, expected.search),
  );
  await row(
    'GET /api/credit-transactions?limit=50',
    50,
    '/api/credit-transactions?limit=50',
    adminToken,
    (b) => {
      wrong('ledger total', b.total, expected.transactions);
      wrong('ledger page size', b.items.length, 50);
    },
  );
  if (before && deepRow) {
    await row(
      `GET /api/credit-transactions?limit=50&cursor=… (row ${deep.toLocaleString('en')})`,
      50,
      `/api/credit-transactions?limit=50&cursor=${cursorOf(before.at, before.id)}`,
      adminToken,
      (b) => wrong('ledger deep page first id', b.items[0]?.id, deepRow.id),
    );
  }
  await row(
    `GET /api/credit-transactions?limit=50&search=Athlete ${probe}`,
    100,
    `/api/credit-transactions?limit=50&search=Athlete%20${probe}`,
    adminToken,
    (b) => wrong('ledger search total', b.total, expected.txSearch),
  );
  await row(
    'GET /api/credit-transactions?creditId=… (one credit)',
    50,
    `/api/credit-transactions?limit=50&creditId=${oneCredit}`,
    adminToken,
    (b) => wrong('one credit ledger total', b.total, Math.max(1, Math.floor(TRANSACTIONS / CREDITS))),
  );
  await row(
    'GET /api/partner-athlete-credits?limit=50 (company)',
    50,
    '/api/partner-athlete-credits?limit=50',
    companyToken,
    (b) => wrong('partner credits total', b.total, expected.partnerCredits),
  );
  await row(
    'GET /api/credits/partner-transactions?limit=50 (company)',
    50,
    '/api/credits/partner-transactions?limit=50',
    companyToken,
    (b) => wrong('partner transactions total', b.total, expected.partnerTransactions),
  );
  // The credits tables' sorts and filters (issue 27; credits migrations 20261208, 20261209): every
  // credit runs 400 days either side of today (active; one long tie on the end date: the id decides).
  const allocations = (query) => `/api/athlete-credits?limit=50&${query}`;
  for (const query of [
    'sort=athleteName',
    'sort=athleteName&order=desc',
    'sort=endDate',
    'sort=createdAt&order=asc',
  ]) {
    const first = await row(`GET /api/athlete-credits?${query}`, 50, allocations(query), adminToken, (b) =>
      wrong(`credits ${query} total`, b.total, expected.credits),
    );
    if (query === 'sort=athleteName' && first?.nextCursor) {
      await row(
        'GET /api/athlete-credits?sort=athleteName&cursor=… (page 2)',
        50,
        allocations(`sort=athleteName&cursor=${encodeURIComponent(first.nextCursor)}`),
        adminToken,
      );
    }
  }
  const companyCredits = await sqlCount(
    'select count(*) n from credits.athlete_credits where is_active and partner_id = $1',
    [company.id],
  );
  await row(
    'GET /api/athlete-credits?status=active&sort=athleteName',
    50,
    allocations('status=active&sort=athleteName'),
    adminToken,
  );
  await row(
    'GET /api/athlete-credits?status=expired (none)',
    50,
    allocations('status=expired'),
    adminToken,
    (b) => wrong('credits status=expired total', b.total, 0),
  );
  await row(
    'GET /api/athlete-credits?partnerId=…&sort=endDate',
    50,
    allocations(`partnerId=${company.id}&sort=endDate`),
    adminToken,
    (b) => wrong('credits partnerId total', b.total, companyCredits),
  );
  await row(
    'GET /api/partner-athlete-credits?sort=athleteName&status=active (company)',
    50,
    '/api/partner-athlete-credits?limit=50&sort=athleteName&status=active',
    companyToken,
  );
  // The ledgers: oldest first (a keyset of its own), voided or completed, one partner's rows.
  const ledger = (query) => `/api/credit-transactions?limit=50&${query}`;
  const oldestTx = await row('GET /api/credit-transactions?order=asc', 50, ledger('order=asc'), adminToken);
  if (oldestTx?.nextCursor) {
    await row(
      'GET /api/credit-transactions?order=asc&cursor=… (page 2)',
      50,
      ledger(`order=asc&cursor=${encodeURIComponent(oldestTx.nextCursor)}`),
      adminToken,
    );
  }
  const voided = await sqlCount(
    'select count(*) n from credits.credit_transactions where voided_at is not null',
  );
  await row('GET /api/credit-transactions?status=voided', 50, ledger('status=voided'), adminToken, (b) =>
    wrong('ledger status=voided total (bounded)', b.total, Math.min(voided, 10_000)),
  );
  await row(
    'GET /api/credit-transactions?status=voided&order=asc',
    50,
    ledger('status=voided&order=asc'),
    adminToken,
  );
  await row('GET /api/credit-transactions?status=completed', 50, ledger('status=completed'), adminToken);
  await row(
    'GET /api/credit-transactions?partnerId=…',
    50,
    ledger(`partnerId=${company.id}`),
    adminToken,
    (b) => wrong('ledger partnerId total (bounded)', b.total, Math.min(expected.partnerTransactions, 10_000)),
  );
  await row(
    'GET /api/credit-transactions?partnerId=…&status=voided&order=asc',
    50,
    ledger(`partnerId=${company.id}&status=voided&order=asc`),
    adminToken,
  );
  await row(
    'GET /api/credits/partner-transactions?order=asc&status=voided (company)',
    50,
    '/api/credits/partner-transactions?limit=50&order=asc&status=voided',
    companyToken,
  );
  // The Record Transaction dialog's athlete type-ahead (issue 27): spendable credits the company may
  // process, by name A-Z, 8 at a time; opened empty, then typed into.
  const spendable = `is_active and current_balance > 0 and end_date >= current_date
      and (partner_id is null or partner_id = $1)`;
  const firstNames = async (search) =>
    (
      await client.query(
        `select athlete_name from credits.athlete_credits where ${spendable}
           ${search ? `and athlete_name ilike '%' || $2 || '%'` : ''}
         order by lower(athlete_name), id limit 8`,
        search ? [company.id, search] : [company.id],
      )
    ).rows.map((r) => r.athlete_name);
  const expectedOpen = await firstNames(null);
  await row(
    'GET /api/credits/spendable-athletes?limit=8 (company, opened)',
    50,
    '/api/credits/spendable-athletes?limit=8',
    companyToken,
    (b) =>
      wrong('type-ahead first names', b.items.map((i) => i.athleteName).join('|'), expectedOpen.join('|')),
  );
  const expectedTyped = await firstNames(`Athlete ${probe}`);
  await row(
    `GET /api/credits/spendable-athletes?limit=8&search=Athlete ${probe} (company)`,
    100,
    `/api/credits/spendable-athletes?limit=8&search=Athlete%20${probe}`,
    companyToken,
    (b) =>
      wrong('type-ahead typed names', b.items.map((i) => i.athleteName).join('|'), expectedTyped.join('|')),
  );
  await row('GET /api/credits/partner-summary (company)', 50, '/api/credits/partner-summary', companyToken);
  await row('GET /api/credits/partner-summary (admin)', 50, '/api/credits/partner-summary', adminToken);
}

export const section = { title: 'Athlete credits (/admin-credits, /partner-credits)', seed, time };
