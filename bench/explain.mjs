#!/usr/bin/env node
// npm run bench:explain — EXPLAIN (ANALYZE, BUFFERS) of the screens' queries on a database seeded by
// bench:scale (issue 11), printed as Markdown (docs/scale-explain.md is its output, trimmed).
//
//   SCALE_KEEP_DATABASE=1 npm run bench:scale      # prints SCALE_DATABASE_URL=…
//   SCALE_DATABASE_URL=<that URL> npm run bench:explain > docs/scale-explain.md
//
// Each query is the SQL its repository sends (named beside it), with the bench's values in place of
// the parameters; each runs once to warm the cache, then once explained. Writes run in a transaction
// that is rolled back. SCALE_SEARCH (default "Service 42") is the search text.
import pg from 'pg';

const url = process.env.SCALE_DATABASE_URL;
if (!url) {
  console.error(
    'SCALE_DATABASE_URL is required (a database kept by SCALE_KEEP_DATABASE=1 npm run bench:scale)',
  );
  process.exit(2);
}
const SEARCH = process.env.SCALE_SEARCH ?? 'Service 42';
const PLATFORM = '00000000-0000-0000-0000-000000000000';

const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('set search_path = vouchers');
const one = async (sql, params = []) => (await client.query(sql, params)).rows[0];

const partner = (await one('select partner_id from qr_code_partners where is_active limit 1')).partner_id;
const codes = Number((await one('select count(*) n from qr_codes')).n);
const redemptions = Number((await one('select count(*) n from redemptions')).n);
const deep = Math.min(500_000, Math.floor(codes / 2));
const before = await one(
  `select created_at::text as at, id::text from qr_codes order by created_at desc, id desc offset ${deep - 1} limit 1`,
);
const today = (await one(`select (now() at time zone 'UTC')::date::text as d`)).d;
// The till's copy (issue 37): a cursor taken now; the delta's setup changes 100 codes after it.
const tillSince = (await one('select pg_current_snapshot()::text as s')).s;
const copyColumns = `q.id, q.custom_title, q.clinic_name, q.service, q.discount_type, q.discount_value,
  q.usage_limit, q.usage_count, q.start_date::text as start_date, q.expiration_date::text as expiration_date,
  q.is_active`;
const honoured = (q) =>
  `(${q}.vendor_id = $1::uuid or $1::uuid = any(${q}.partner_ids) or (${q}.vendor_id is null and ${q}.partner_ids = '{}'))`;
const contains = `%${SEARCH.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
// codeSearchText (services/vouchers/src/codes/code-visibility.ts), the expression of qr_codes_search_trgm_index.
const searchSql = (a) =>
  `((lower(${a}.clinic_name) || E'\\x1f' || lower(${a}.service) || E'\\x1f' || ` +
  `lower(coalesce(${a}.custom_title, '')) || E'\\x1f' || lower(coalesce(${a}.batch_name, ''))) like lower($1))`;
const assigned = (alias) =>
  `${alias}.id in (select p.qr_code_id from qr_code_partners p where p.partner_id = $1 and p.is_active)`;

/** [title, where it is sent from, sql, params] */
const queries = [
  [
    'Admin codes, first page (`GET /api/admin/qr-codes?limit=50`)',
    'QrCodesRepository.page, offset 0; total: TalliesRepository.codeCount',
    `select q.*, q.created_at::text as cursor_at from qr_codes q where true
      order by q.created_at desc, q.id desc limit 50 offset 0`,
    [],
  ],
  [
    `Admin codes by offset (\`GET /api/admin/qr-codes?limit=50&offset=${deep}\`): days skipped by their counts`,
    'QrCodesRepository.deepPageOfAll (every code, newest first, offset > 0)',
    `with hit as (
       select d.day, d.upto - d.codes as before
         from (select day, codes, sum(codes) over (order by day desc) as upto
                 from code_day_tallies where codes <> 0) d
        where d.upto > $1::bigint order by d.day desc limit 1)
     select o.*, o.created_at::text as cursor_at from qr_codes o join (
       select q.id from qr_codes q
        where q.created_at < (select (hit.day + 1)::timestamp at time zone 'UTC' from hit)
        order by q.created_at desc, q.id desc
        limit 50 offset (select $1::bigint - hit.before from hit)) k on k.id = o.id
      order by o.created_at desc, o.id desc`,
    [deep],
  ],
  [
    `A company's codes by offset (\`GET /api/qr-codes/all?limit=50&offset=5000\`): deferred join`,
    'QrCodesRepository.page, offset > 0 with a filter',
    `select o.*, o.created_at::text as cursor_at from qr_codes o join (select q.id from qr_codes q
        where ${assigned('q')} order by q.created_at desc, q.id desc limit 50 offset 5000) k on k.id = o.id
      order by o.created_at desc, o.id desc`,
    [partner],
  ],
  [
    `Admin codes by cursor (the page after row ${deep.toLocaleString('en')})`,
    'QrCodesRepository.page with afterCursorSql',
    `select q.*, q.created_at::text as cursor_at from qr_codes q
      where (q.created_at, q.id) < ($1::timestamptz, $2::uuid)
      order by q.created_at desc, q.id desc limit 50 offset 0`,
    [before.at, before.id],
  ],
  [
    `Admin code search, the page (\`search=${SEARCH}\`)`,
    'QrCodesRepository.page with codeSearchSql, searchInListOrder (the tally says it matches many codes)',
    `select q.*, q.created_at::text as cursor_at from qr_codes q where ${searchSql('q')}
      order by q.created_at desc, q.id desc limit 50 offset 0`,
    [contains],
    null,
    ['set local enable_seqscan = off', 'set local enable_bitmapscan = off'],
  ],
  [
    `Admin code search, its total (\`search=${SEARCH}\`): the search texts' tallies`,
    'TalliesRepository.searchCount (run beside the page)',
    `select coalesce(sum(codes), 0)::int as n from code_search_tallies where search_text like lower($1)`,
    [contains],
  ],
  [
    `A company's code search, its total (\`search=${SEARCH}\`): counted`,
    'QrCodesRepository.count with codeSearchSql and the company filter',
    `select count(*)::int as n from qr_codes q where ${searchSql('q').replaceAll('$1', '$2')} and ${assigned('q')}`,
    [partner, contains],
  ],
  [
    'Company codes, first page (`GET /api/qr-codes/all?limit=50`)',
    'QrCodesRepository.page for a company actor; total: TalliesRepository.codeCount',
    `select q.*, q.created_at::text as cursor_at from qr_codes q where ${assigned('q')}
      order by q.created_at desc, q.id desc limit 50 offset 0`,
    [partner],
  ],
  [
    'Admin redemptions, first page (`GET /api/admin/redemptions?limit=50`)',
    'StatsRepository.redemptionsPage; total: TalliesRepository.redemptionCount',
    `select r.id, r.qr_code_id, r.redeemed_at, r.redeemed_at::text as cursor_at, r.redeemed_by, r.device_info,
            r.ip_address, r.user_agent, r.status, q.clinic_name, q.service, q.discount_type, q.discount_value, q.qr_type
       from redemptions r join qr_codes q on q.id = r.qr_code_id
      where true order by r.redeemed_at desc, r.id desc limit 50 offset 0`,
    [],
  ],
  [
    'Company redemptions, first page (`GET /api/redemptions?limit=50`)',
    'StatsRepository.redemptionsPage for a company actor',
    `select r.id, r.qr_code_id, r.redeemed_at, r.redeemed_at::text as cursor_at, r.redeemed_by, r.device_info,
            r.ip_address, r.user_agent, r.status, q.clinic_name, q.service, q.discount_type, q.discount_value, q.qr_type
       from redemptions r join qr_codes q on q.id = r.qr_code_id
      where ${assigned('q')} order by r.redeemed_at desc, r.id desc limit 50 offset 0`,
    [partner],
  ],
  [
    'Batches, first page (`GET /api/admin/batches`)',
    'BatchesRepository.page, then TalliesRepository.batchRedeemed',
    `select b.id, b.name, b.count, b.created_at, b.created_at::text as cursor_at from batches b
      where true order by b.created_at desc, b.id desc limit 20 offset 0`,
    [],
  ],
  [
    'A page of batches’ redemptions (folded tallies plus the redeems still queued)',
    'TalliesRepository.batchRedeemed',
    `select batch_id, sum(redeemed) as redeemed
       from (select batch_id, redeemed from batch_tallies where batch_id = any($1::uuid[])
             union all select batch_id, 1 from pending_tallies where batch_id = any($1::uuid[])) t
      group by batch_id`,
    [
      `{${(await client.query('select id from batches order by created_at desc, id desc limit 20')).rows
        .map((r) => r.id)
        .join(',')}}`,
    ],
  ],
  [
    "The till's offline copy, a page by id from the middle (`GET /api/till/codes?cursor=…`)",
    'TillCodesRepository.copyPage',
    `with ids as (
       select id from (
         (select id from qr_codes where vendor_id = $1::uuid and id > $2::uuid order by id limit 1000)
         union
         (select qr_code_id as id from qr_code_partners
           where partner_id = $1::uuid and is_active and qr_code_id > $2::uuid order by qr_code_id limit 1000)
         union
         (select id from qr_codes where vendor_id is null and partner_ids = '{}' and id > $2::uuid
           order by id limit 1000)
       ) merged order by id limit 1000)
     select ${copyColumns}
       from ids join qr_codes q on q.id = ids.id
      where ${honoured('q')}
      order by q.id`,
    [partner, '80000000-0000-0000-0000-000000000000'],
  ],
  [
    "The till's offline copy, a delta after 100 changed codes (`GET /api/till/codes?since=…`; rolled back)",
    'TillCodesRepository.changesPage',
    `select c.code_id, c.changed_xid::text as changed_xid, ${copyColumns},
            coalesce(not c.deleted and ${honoured('q')}, false) as honoured
       from till_code_changes c left join qr_codes q on q.id = c.code_id
      where c.changed_xid >= pg_snapshot_xmin($2::pg_snapshot)
        and not pg_visible_in_snapshot(c.changed_xid, $2::pg_snapshot)
        and (${honoured('q')} or $1::uuid = any(c.former) or c.was_club_wide)
      order by c.changed_xid, c.code_id limit 1000`,
    [partner, tillSince],
    `update qr_codes set is_active = not is_active
      where id in (select id from qr_codes order by created_at desc, id desc limit 100)`,
  ],
  ...[
    ['Admin stats (`GET /api/admin/stats`, and the public stats behind their cache)', PLATFORM],
    ['Company stats (`GET /api/stats`)', partner],
  ].map(([title, scope]) => [
    title,
    'TalliesRepository.scopeCounts',
    `with pending as (select day, clinic_name from pending_tallies where $1::uuid = '${PLATFORM}' or $1::uuid = any(partner_ids))
     select (select coalesce(sum(codes), 0) from code_tallies where scope_id = $1)::int as codes,
            ((select coalesce(sum(redemptions), 0) from redemption_tallies where scope_id = $1)
              + (select count(*) from pending))::int as redemptions,
            ((select coalesce(sum(redemptions), 0) from redemption_tallies where scope_id = $1 and day = $2::date)
              + (select count(*) from pending where day = $2::date))::int as today,
            (select count(*) from (select clinic_name
                                     from (select clinic_name, redemptions as n from location_tallies where partner_id = $1
                                           union all select clinic_name, 1 from pending) l
                                    group by clinic_name having sum(n) > 0) l)::int as locations,
            (case when $1::uuid = '${PLATFORM}'
                  then (select count(*) from code_tallies where scope_id <> $1 and codes > 0) else 0 end)::int as partners`,
    [scope, today],
  ]),
  [
    'The redeem’s tallies folded (a queue of 500 rows; rolled back)',
    'TalliesRepository.fold, its first statement (the upserts that follow touch a few rows)',
    `delete from pending_tallies where id in
       (select id from pending_tallies order by id limit 2000 for update skip locked)
     returning to_char(day, 'YYYY-MM-DD') as day, partner_ids, clinic_name, batch_id`,
    [],
    `insert into pending_tallies (day, partner_ids, clinic_name, batch_id)
     select current_date, partner_ids, clinic_name, batch_id from qr_codes order by created_at desc limit 500`,
  ],
];

const lines = [
  '# EXPLAIN (ANALYZE, BUFFERS) at the seeded size',
  '',
  `Made by \`npm run bench:explain\` (bench/explain.mjs) on a database seeded by \`npm run bench:scale\`:`,
  `${codes.toLocaleString('en')} codes, ${redemptions.toLocaleString('en')} redemptions; PostgreSQL ` +
    `${(await one('show server_version')).server_version}. Each query ran once before it was explained (warm cache).`,
];
for (const [title, source, sql, params, setup, settings = []] of queries) {
  await client.query('begin');
  try {
    for (const setting of settings) await client.query(setting);
    if (setup) await client.query(setup);
    else await client.query(sql, params);
    const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, params);
    lines.push(
      '',
      `## ${title}`,
      '',
      `From ${source}.`,
      '',
      '```sql',
      ...settings.map((setting) => `${setting};`),
      sql.replace(/\n\s+/g, '\n  '),
      '```',
      '',
      '```',
    );
    lines.push(...rows.map((r) => r['QUERY PLAN']), '```');
  } finally {
    await client.query('rollback');
  }
}
await client.end();
console.log(lines.join('\n'));
