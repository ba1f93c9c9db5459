// Trainer/athlete codes and their analytics at size (issue 13), for `npm run bench:scale` and
// `npm run bench:analytics`. TRAINER_CODES (default 1,000) trainer codes, every 10th assigned to the
// bench's partner company, and TRAINER_REDEMPTIONS (default 1,000,000) redemptions of them spread over
// the last TRAINER_DAYS days (default 90), four in five with a sale amount and its discount. Set-based
// SQL in the vouchers schema; usage counts match the rows. Goals: lists 50 ms, analytics 200 ms.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const {
  REBUILD_TRAINER_TALLIES_SQL,
} = require('../../services/vouchers/dist/trainers/trainer-tallies-sql.repository.js');

const CODES = Number(process.env.TRAINER_CODES ?? 1_000);
const REDEMPTIONS = Number(process.env.TRAINER_REDEMPTIONS ?? 1_000_000);
const DAYS = Number(process.env.TRAINER_DAYS ?? 90);

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** PostgreSQL's md5(text)::uuid, for the seeded ids. */
const md5Uuid = (text) =>
  createHash('md5')
    .update(text)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export const section = {
  title: `Trainer/athlete codes (${CODES.toLocaleString('en')} codes, ${REDEMPTIONS.toLocaleString('en')} redemptions over ${DAYS} days)`,

  async seed({ client, company, env }) {
    await client.query('set search_path = vouchers');
    await client.query('set session_replication_role = replica');
    await client.query(
      `insert into qr_codes (id, clinic_name, discount_type, discount_value, service, expiration_date, usage_limit,
         usage_count, qr_url, created_at, qr_type, trainer_name, trainer_role, custom_title, partner_type, partner_ids)
       select md5('trainer' || g)::uuid, 'Trainer Partner ' || (g % 20), 'percentage', 5 + g % 16, 'Athlete Perk',
              current_date + 365, 999999, 0, 'http://127.0.0.1/voucher/' || md5('trainer' || g)::uuid,
              now() - interval '120 days' + g * interval '1 minute', 'trainer', 'Trainer ' || g,
              (array['trainer', 'athlete', 'coach'])[1 + g % 3], 'Athlete Perk', 'partner',
              case when g % 10 = 0 then array[$1::uuid] else '{}'::uuid[] end
         from generate_series(1, ${CODES}) g`,
      [company.id],
    );
    await client.query(
      `insert into trainer_rules (qr_code_id, coupon_title, min_purchase, max_discount, rules)
       select md5('trainer' || g)::uuid, 'Athlete Perk', 0, 0,
              '{"minPurchase":0,"maxDiscount":0,"validDays":365,"validHours":null,"storeLocations":null,
                "productCategories":null,"exclusions":null,"stackable":false,"referralBonus":0,
                "performanceBonus":0,"bonusThreshold":0,"trackingCode":null,"campaignName":null,"notes":null,
                "description":null}'::jsonb
         from generate_series(1, ${CODES}) g`,
    );
    await client.query(
      `insert into qr_code_partners (id, qr_code_id, partner_id)
       select md5('trainer-partner' || g)::uuid, md5('trainer' || g)::uuid, $1
         from generate_series(1, ${CODES}) g where g % 10 = 0`,
      [company.id],
    );
    // Redemption r belongs to code 1 + r % CODES; its discount is that code's percentage of the sale.
    await client.query(
      `insert into redemptions (id, qr_code_id, redeemed_at, device_info, transaction_amount, discount_applied)
       select md5('trainer-redemption' || r)::uuid, md5('trainer' || (1 + r % ${CODES}))::uuid,
              now() - (r::float8 / ${REDEMPTIONS}) * interval '${DAYS} days', 'iPhone · Safari',
              case when r % 5 = 0 then null else a.amount end,
              case when r % 5 = 0 then null else round(a.amount * (5 + (1 + r % ${CODES}) % 16) / 100.0)::int end
         from generate_series(1, ${REDEMPTIONS}) r, lateral (select (1000 + (r::bigint * 7919) % 20000)::int as amount) a`,
    );
    await client.query(
      `update qr_codes q set usage_count = c.n
         from (select qr_code_id, count(*)::int as n from redemptions
                where qr_code_id in (select md5('trainer' || g)::uuid from generate_series(1, ${CODES}) g)
                group by qr_code_id) c
        where q.id = c.qr_code_id`,
    );
    await client.query('set session_replication_role = origin');
    // The per-day tallies the analytics read (the insert above skipped the trigger that keeps them).
    await client.query('begin');
    for (const sql of REBUILD_TRAINER_TALLIES_SQL) {
      await client.query(sql, sql.includes('$1') ? [env.BUSINESS_TIMEZONE ?? 'UTC'] : []);
    }
    await client.query('commit');
    await client.query(
      'vacuum analyze qr_codes, trainer_rules, qr_code_partners, redemptions, trainer_day_tallies',
    );
  },

  async time({ adminToken, companyToken, company, row, wrong, sqlCount }) {
    const trainerCodes = `select count(*) n from vouchers.qr_codes where qr_type = 'trainer'`;
    const codes = await sqlCount(trainerCodes);
    const assigned = await sqlCount(`${trainerCodes} and $1::uuid = any(partner_ids)`, [company.id]);
    await row(
      'GET /api/qr-codes/trainers?limit=50',
      50,
      '/api/qr-codes/trainers?limit=50',
      adminToken,
      (b) => {
        wrong('trainer codes total', b.total, codes);
        wrong('trainer codes page', b.items.length, Math.min(50, codes));
      },
    );
    await row(
      'GET /api/partner-assigned-qr-codes?limit=50 (company)',
      50,
      '/api/partner-assigned-qr-codes?limit=50',
      companyToken,
      (b) => wrong('assigned trainer codes total', b.total, assigned),
    );
    // The trainer codes table's sorts and filters (issue 27; vouchers migration 20261210): every code
    // expires in a year (one long tie on expiry: the id decides), none has expired, usage varies.
    const trainerList = (query) => `/api/qr-codes/trainers?limit=50&${query}`;
    for (const query of [
      'sort=name',
      'sort=name&order=desc',
      'sort=expiresAt',
      'sort=usageCount&order=desc',
      'sort=createdAt&order=asc',
    ]) {
      const first = await row(
        `GET /api/qr-codes/trainers?${query}`,
        50,
        trainerList(query),
        adminToken,
        (b) => wrong(`trainer codes ${query} total`, b.total, codes),
      );
      if (query === 'sort=name' && first?.nextCursor) {
        await row(
          'GET /api/qr-codes/trainers?sort=name&cursor=… (page 2)',
          50,
          trainerList(`sort=name&cursor=${encodeURIComponent(first.nextCursor)}`),
          adminToken,
        );
      }
    }
    await row(
      'GET /api/qr-codes/trainers?status=active&sort=name',
      50,
      trainerList('status=active&sort=name'),
      adminToken,
      (b) => wrong('trainer codes status=active total', b.total, codes),
    );
    await row(
      'GET /api/qr-codes/trainers?status=expired (none)',
      50,
      trainerList('status=expired'),
      adminToken,
      (b) => wrong('trainer codes status=expired total', b.total, 0),
    );
    await row(
      'GET /api/qr-codes/trainers?partnerId=…&sort=usageCount',
      50,
      trainerList(`partnerId=${company.id}&sort=usageCount`),
      adminToken,
      (b) => wrong('trainer codes partnerId total', b.total, assigned),
    );
    for (const query of ['sort=name', 'sort=usageCount&order=desc', 'status=active&sort=expiresAt']) {
      await row(
        `GET /api/partner-assigned-qr-codes?${query} (company)`,
        50,
        `/api/partner-assigned-qr-codes?limit=50&${query}`,
        companyToken,
        (b) => wrong(`assigned trainer codes ${query} total`, b.total, assigned),
      );
    }
    // The analytics read business days; the benches run with BUSINESS_TIMEZONE=UTC.
    const inRange = (from, to, where = '', params = []) =>
      sqlCount(
        `select count(*) n from vouchers.redemptions r join vouchers.qr_codes q on q.id = r.qr_code_id
          where q.qr_type = 'trainer' and r.redeemed_at >= $1::date and r.redeemed_at < $2::date + 1 ${where}`,
        [from, to, ...params],
      );
    const today = day(0);
    const month = day(-29);
    const all = day(-DAYS);
    const trainer = md5Uuid('trainer1');
    const expected = {
      month: await inRange(month, today),
      all: await inRange(all, today),
      company: await inRange(all, today, 'and $3::uuid = any(q.partner_ids)', [company.id]),
      one: await inRange(all, today, 'and q.id = $3', [trainer]),
    };
    await row('GET /api/trainer-analytics (last 30 days)', 200, '/api/trainer-analytics', adminToken, (b) =>
      wrong('analytics 30-day redemptions', b.summary.totalRedemptions, expected.month),
    );
    await row(
      `GET /api/trainer-analytics (all ${DAYS + 1} days)`,
      200,
      `/api/trainer-analytics?startDate=${all}&endDate=${today}`,
      adminToken,
      (b) => {
        wrong(`analytics ${DAYS + 1}-day redemptions`, b.summary.totalRedemptions, expected.all);
        wrong('analytics trainers', b.summary.totalTrainers, codes);
      },
    );
    await row(
      `GET /api/trainer-analytics (company, all ${DAYS + 1} days)`,
      200,
      `/api/trainer-analytics?startDate=${all}&endDate=${today}`,
      companyToken,
      (b) => wrong('company analytics redemptions', b.summary.totalRedemptions, expected.company),
    );
    await row(
      'GET /api/trainer-analytics?trainerId= (one trainer)',
      50,
      `/api/trainer-analytics?startDate=${all}&endDate=${today}&trainerId=${trainer}`,
      adminToken,
      (b) => wrong('one trainer redemptions', b.summary.totalRedemptions, expected.one),
    );
  },
};
