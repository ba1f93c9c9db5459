#!/usr/bin/env node
// npm run bench:scale — every screen's call at a year of data (issue 11).
//
// 1. Starts the built platform on a throwaway database (its migrations create the vouchers schema).
// 2. Seeds the vouchers schema with set-based SQL (generate_series): SCALE_CODES codes (default
//    1,000,000) in SCALE_BATCHES bulk batches (default 100) created over the last year, every
//    SCALE_ASSIGNED_EVERY-th code (default 10 → 10 %) assigned to one partner company, and
//    SCALE_REDEMPTIONS redemptions (default 3,000,000) spread over the last SCALE_DAYS days (default 90).
//    Every code gets the same number of redemptions (usage_count matches its rows). The secondary
//    indexes are dropped during the load and rebuilt after it, and foreign-key triggers are skipped
//    (session_replication_role = replica). The seeding time is printed (see docs/adding-a-service.md).
//    `npm run bench:explain` (bench/explain.mjs) prints the plans of the lists' queries on a kept one.
//    SCALE_KEEP_DATABASE=1 keeps the database (its URL is printed); SCALE_DATABASE_URL=<that URL>
//    times an already seeded database again (e.g. the same data before and after an upgrade, whose
//    migrations then run on it). SCALE_ROOT runs the platform built in another checkout.
// 3. Rebuilds the counters from the rows (tools/stats-rebuild.mjs, what an operator runs after a bulk
//    import by SQL), when the platform has them, then vacuums (what autovacuum keeps up).
// 4. Times every call of the screens through the real gateway (admin token, company token): one
//    warm-up, then the median of SCALE_RUNS (default 5). Prints the table with the goal beside each.
// It fails only on a wrong answer (totals compared to direct SQL counts), never on slowness.
import { existsSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  api,
  createBenchDatabase,
  median,
  randomPort,
  benchPlatformEnv,
  startPlatformIn,
} from './support/bench-kit.mjs';
import { seedYearOfData, yearOfDataSizes } from './support/year-of-data.mjs';

const SIZES = yearOfDataSizes();
const {
  codes: CODES,
  batches: BATCHES,
  redemptions: REDEMPTIONS,
  assignedEvery: ASSIGNED_EVERY,
  days: DAYS,
} = SIZES;
const RUNS = Number(process.env.SCALE_RUNS ?? 5);
const rebuildTool = fileURLToPath(new URL('../tools/stats-rebuild.mjs', import.meta.url));

/**
 * The other screens' data, one module per area in bench/scale/ (loaded in file-name order). Each
 * exports `section = { title, seed(ctx), time(ctx) }`: `seed` fills its own service's schema with
 * set-based SQL after the vouchers seed (it sets its own search_path), `time` calls `ctx.row(label,
 * goalMs, path, token, check)` for each of its screen's calls (or `ctx.record(label, goalMs, ms)` for
 * a figure it timed itself) and `ctx.wrong(what, got, want)` for each answer it checks against a
 * direct SQL count (`ctx.sqlCount(sql, params)`). SCALE_SECTIONS=partners,picker (file names) seeds
 * and times only those sections (picker.mjs searches the partners that partners.mjs seeds); the
 * vouchers seed and the main table always run.
 */
const sectionsDir = new URL('./scale/', import.meta.url);
const onlySections = process.env.SCALE_SECTIONS?.split(',').map((name) => name.trim());
const sections = existsSync(sectionsDir)
  ? await Promise.all(
      readdirSync(sectionsDir)
        .filter((file) => file.endsWith('.mjs'))
        .filter((file) => !onlySections || onlySections.includes(file.replace(/\.mjs$/, '')))
        .sort()
        .map(async (file) => (await import(new URL(file, sectionsDir).href)).section),
    )
  : [];

/** One call, timed: a warm-up, then the median of RUNS. */
async function time(base, path, token) {
  let body = await api(base, path, { token }).catch((error) => ({ error }));
  if (body.error) return { ms: Number.NaN, body, error: body.error };
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    body = await api(base, path, { token });
    times.push(performance.now() - started);
  }
  return { ms: median(times), body };
}

async function sqlCount(client, sql, params = []) {
  return Number((await client.query(sql, params)).rows[0].n);
}

const reuse = process.env.SCALE_DATABASE_URL;
const keep = Boolean(reuse || process.env.SCALE_KEEP_DATABASE);
const db = reuse ? { url: reuse, drop: async () => undefined } : await createBenchDatabase();
let platform;
let failed = false;
const wrong = (what, got, want) => {
  if (got === want) return;
  failed = true;
  console.error(`WRONG ANSWER: ${what}: got ${got}, expected ${want}`);
};
try {
  const port = randomPort();
  // Fixed, so that a kept database can be timed again (SCALE_DATABASE_URL).
  const admin = { username: 'admin', password: 'bench-scale-admin' };
  const env = benchPlatformEnv({
    dbUrl: db.url,
    port,
    admin,
    roleSecret: 'bench-scale-role-secret',
    BUSINESS_TIMEZONE: 'UTC',
    // A slow answer is measured, not cut off at the default 5 s.
    RPC_TIMEOUT_MS: '120000',
  });
  console.log(
    `bench:scale — ${CODES.toLocaleString('en')} codes in ${BATCHES} batches, 1 in ${ASSIGNED_EVERY} assigned to one partner, ` +
      `${REDEMPTIONS.toLocaleString('en')} redemptions over ${DAYS} days; medians of ${RUNS}`,
  );
  const started = performance.now();
  platform = await startPlatformIn(process.env.SCALE_ROOT, {
    env,
    readyTimeoutMs: 1_800_000, // an upgrade's migrations run on the seeded rows first
    onLine: (text) => {
      if (/"level":(50|60)/.test(text)) process.stderr.write(`${text}\n`);
    },
  });
  console.log(`platform up in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const base = `http://127.0.0.1:${port}`;
  let adminToken = (await api(base, '/api/auth/login', { json: admin })).token;
  const staff = { username: 'scale-staff', password: 'scale-password' };
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const company = { id: null };
  if (reuse) {
    company.id = (
      await client.query('select partner_id from vouchers.qr_code_partners limit 1')
    ).rows[0].partner_id;
  } else {
    company.id = (
      await api(base, '/api/vendors', { token: adminToken, json: { name: 'Scale Sports Club' } })
    ).id;
    await api(base, `/api/partners/${company.id}/users`, { token: adminToken, json: staff });
    const seedStarted = performance.now();
    await seedYearOfData(client, company.id, SIZES);
    console.log(`seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
    for (const section of sections) {
      const started = performance.now();
      await section.seed({ client, base, adminToken, company, env });
      await client.query('reset search_path');
      console.log(`${section.title}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    if (keep) console.log(`database kept: SCALE_DATABASE_URL=${db.url}`);
  }
  await client.query('set search_path = vouchers');
  if (existsSync(rebuildTool)) {
    const { rebuildStats } = await import(rebuildTool);
    const started = performance.now();
    await rebuildStats(db.url, env.BUSINESS_TIMEZONE);
    console.log(
      `counters rebuilt (npm run stats:rebuild) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  // The state autovacuum keeps: statistics current and the visibility map set (an upgrade's
  // migrations or the rebuild may have rewritten rows), which the index-only scans rely on.
  await client.query(
    `vacuum analyze batches, qr_codes, qr_code_partners, redemptions${
      (await client.query(`select to_regclass('vouchers.code_search_tallies') t`)).rows[0].t
        ? ', code_day_tallies, code_search_tallies'
        : ''
    }`,
  );

  // What the answers must be, counted directly once.
  const expected = {
    codes: await sqlCount(client, 'select count(*) n from qr_codes'),
    batches: await sqlCount(client, 'select count(*) n from batches'),
    redemptions: await sqlCount(client, 'select count(*) n from redemptions'),
    today: await sqlCount(
      client,
      `select count(*) n from redemptions where redeemed_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
    ),
    partners: await sqlCount(
      client,
      'select count(distinct partner_id) n from qr_code_partners where is_active',
    ),
    search: await sqlCount(
      client,
      `select count(*) n from qr_codes where clinic_name ilike '%Service 42%' or service ilike '%Service 42%'`,
    ),
    companyCodes: await sqlCount(
      client,
      'select count(*) n from qr_code_partners where partner_id = $1 and is_active',
      [company.id],
    ),
    companyRedemptions: await sqlCount(
      client,
      'select count(*) n from redemptions r join qr_code_partners p on p.qr_code_id = r.qr_code_id where p.partner_id = $1 and p.is_active',
      [company.id],
    ),
    batchRedeemed: Number(
      (
        await client.query(
          `select coalesce(sum(usage_count), 0) n from qr_codes where batch_id =
             (select id from batches order by created_at desc, id desc limit 1)`,
        )
      ).rows[0].n,
    ),
  };
  // The code at position 500,000 (newest first): a deep page, by offset and by its cursor.
  const deep = Math.min(500_000, Math.floor(CODES / 2));
  const [beforeDeep, deepRow] = (
    await client.query(
      `select created_at::text as at, id::text from qr_codes order by created_at desc, id desc offset ${deep - 1} limit 2`,
    )
  ).rows;
  // The cursor of a page is the sort key of the row before it.
  const deepCursor = Buffer.from(JSON.stringify([beforeDeep.at, beforeDeep.id])).toString('base64url');
  const someCode = (await client.query('select id from qr_codes order by created_at limit 1')).rows[0].id;
  await client.end();

  // A session ends 10 idle minutes after its last request (decision 158): a full-size seed and the
  // rebuild outlast the first sign-in.
  adminToken = (await api(base, '/api/auth/login', { json: admin })).token;
  const companyToken = (await api(base, '/api/auth/company-login', { json: staff })).token;
  const rows = [];
  const row = async (label, goal, path, token, check) => {
    const { ms, body, error } = await time(base, path, token);
    if (error) console.log(`${label}: ${error.message}`);
    else check?.(body);
    rows.push({ label, ms, goal });
    console.log(`${label}: ${Number.isNaN(ms) ? 'failed' : `${ms.toFixed(1)} ms`} (goal < ${goal} ms)`);
    return body;
  };
  /** A figure a section measured itself (a call timed once, or over different paths). */
  const record = (label, goal, ms) => {
    rows.push({ label, ms, goal });
    console.log(`${label}: ${Number.isNaN(ms) ? 'failed' : `${ms.toFixed(1)} ms`} (goal < ${goal} ms)`);
  };
  await row('GET /api/admin/stats', 50, '/api/admin/stats', adminToken, (b) => {
    wrong('admin stats totalQrCodes', b.totalQrCodes, expected.codes);
    wrong('admin stats totalRedemptions', b.totalRedemptions, expected.redemptions);
    wrong('admin stats todayRedemptions', b.todayRedemptions, expected.today);
    wrong('admin stats activePartners', b.activePartners, expected.partners);
  });
  const first = await row(
    'GET /api/admin/qr-codes?limit=50 (first page)',
    50,
    '/api/admin/qr-codes?limit=50',
    adminToken,
    (b) => {
      wrong('admin codes total', b.total, expected.codes);
      wrong('admin codes page size', b.items.length, 50);
    },
  );
  await row(
    `GET /api/admin/qr-codes?limit=50&offset=${deep}`,
    50,
    `/api/admin/qr-codes?limit=50&offset=${deep}`,
    adminToken,
    (b) => wrong('admin codes deep page (offset) first id', b.items[0]?.id, deepRow.id),
  );
  if (first && 'nextCursor' in first) {
    await row(
      `GET /api/admin/qr-codes?limit=50&cursor=… (row ${deep.toLocaleString('en')})`,
      50,
      `/api/admin/qr-codes?limit=50&cursor=${deepCursor}`,
      adminToken,
      (b) => wrong('admin codes deep page (cursor) first id', b.items[0]?.id, deepRow.id),
    );
  }
  await row(
    'GET /api/admin/qr-codes?limit=50&search=Service 42',
    100,
    '/api/admin/qr-codes?limit=50&search=Service%2042',
    adminToken,
    (b) => wrong('search total', b.total, expected.search),
  );
  await row('GET /api/admin/redemptions?limit=50', 50, '/api/admin/redemptions?limit=50', adminToken, (b) =>
    wrong('admin redemptions total', b.total, expected.redemptions),
  );
  await row('GET /api/admin/batches', 50, '/api/admin/batches', adminToken, (b) => {
    wrong('batches total', b.total, expected.batches);
    wrong('newest batch redeemed', b.items[0]?.redeemed, expected.batchRedeemed);
  });
  await row('GET /api/qr-codes (recent, admin)', 50, '/api/qr-codes', adminToken, (b) =>
    wrong('recent codes', b.length, 20),
  );
  await row('GET /api/qr-codes (recent, company)', 50, '/api/qr-codes', companyToken, (b) =>
    wrong('recent company codes', b.length, 20),
  );
  await row('GET /api/stats (company)', 50, '/api/stats', companyToken, (b) => {
    wrong('company stats totalQrCodes', b.totalQrCodes, expected.companyCodes);
    wrong('company stats totalRedemptions', b.totalRedemptions, expected.companyRedemptions);
  });
  await row('GET /api/qr-codes/all?limit=50 (company)', 50, '/api/qr-codes/all?limit=50', companyToken, (b) =>
    wrong('company codes total', b.total, expected.companyCodes),
  );
  await row('GET /api/redemptions?limit=50 (company)', 50, '/api/redemptions?limit=50', companyToken, (b) =>
    wrong('company redemptions total', b.total, expected.companyRedemptions),
  );
  await row('GET /api/public/stats', 10, '/api/public/stats', undefined, (b) =>
    wrong('public stats codes', b.totalQrCodes, expected.codes),
  );
  await row('GET /api/public/partners', 10, '/api/public/partners', undefined);
  await row('GET /api/qr-codes/{id}', 50, `/api/qr-codes/${someCode}`, undefined);
  {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await api(base, `/api/redeem/${someCode}`, { method: 'POST' }).catch(() => undefined);
      times.push(performance.now() - started);
    }
    rows.push({ label: 'POST /api/redeem/{id}', ms: median(times), goal: 50 });
  }
  if (sections.length) {
    const sectionClient = new pg.Client({ connectionString: db.url });
    await sectionClient.connect();
    const sqlCountIn = (sql, params) => sqlCount(sectionClient, sql, params);
    try {
      for (const section of sections) {
        console.log(`\n${section.title}`);
        await section.time({
          client: sectionClient,
          base,
          adminToken,
          companyToken,
          company,
          row,
          record,
          wrong,
          sqlCount: sqlCountIn,
        });
      }
    } finally {
      await sectionClient.end();
    }
  }

  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`\n| ${'call'.padEnd(width)} | median | goal |`);
  console.log(`|${'-'.repeat(width + 2)}|-------:|-----:|`);
  for (const r of rows) {
    const mark = r.ms <= r.goal ? '' : ' (over)';
    const figure = Number.isNaN(r.ms) ? 'failed' : `${r.ms.toFixed(1)} ms`;
    console.log(`| ${r.label.padEnd(width)} | ${figure.padStart(9)} | < ${r.goal} ms${mark} |`);
  }
  console.log(failed ? '\nFAILED: a wrong answer (see above)' : '\nevery answer matches a direct SQL count');
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await platform?.stop();
  if (!keep) await db.drop().catch(() => undefined);
}
process.exit(failed ? 1 : 0);
