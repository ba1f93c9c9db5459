// Issue 24 at size: the partner picker's type-ahead over the directory (GET /api/vendors, what
// frontend/src/lib/partners-api asks: limit 30, ?search, ?cursor), the landing page's keyset-paged
// public partners with their figures (GET /api/public/partners?cursor=&limit=&search=, from the
// vouchers service's partner_offer_tallies), the public voucher with its partners and last redemption,
// and the batch assignment of ASSIGN_BATCH_CODES codes (default 100,000) in one
// POST /api/qr-codes/assign-partners {batchId}. Runs after partners.mjs, whose SCALE_PARTNERS (default
// 10,000) partners it searches. Its seed adds that batch by set-based SQL (the rebuild after the seeds,
// npm run stats:rebuild, counts it). Goals: reads 50 ms; the assignment 30 s.
import { performance } from 'node:perf_hooks';
import { api, median } from '../support/bench-kit.mjs';

const PARTNERS = Number(process.env.SCALE_PARTNERS ?? 10_000);
const BATCH_CODES = Number(process.env.ASSIGN_BATCH_CODES ?? 100_000);
const RUNS = Number(process.env.SCALE_RUNS ?? 5);
const PICKER_PAGE = 30; // DIRECTORY_PAGE_SIZE in frontend/src/lib/partners-api/urls.ts
const LANDING_PAGE = 24; // PUBLIC_PAGE_DEFAULT in the partners service
const BATCH_ID = '00000000-0000-4000-8000-000000024001';

/** An RFC 4122-shaped uuid from a seed text (as bench/scale/partners.mjs seeds the partners). */
const uuidSql = (text) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const cursorOf = (row) => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
const q = encodeURIComponent;

export const section = {
  title: `Partner picker, landing partners and batch assignment (issue 24: ${PARTNERS.toLocaleString('en')} partners, a ${BATCH_CODES.toLocaleString('en')}-code batch)`,

  async seed({ client }) {
    await client.query('set search_path = vouchers');
    await client.query(
      // Older than the year's batches, so the batches screen's newest stays the seed's.
      `insert into batches (id, name, count, created_at) values ($1, 'Assignment batch', $2, now() - interval '400 days')`,
      [BATCH_ID, BATCH_CODES],
    );
    await client.query(
      `insert into qr_codes (id, clinic_name, discount_type, discount_value, service, expiration_date,
                             usage_limit, usage_count, qr_url, batch_id, batch_name, created_at)
       select md5('assign-code' || g)::uuid, 'Assignment Clinic', 'percentage', 15, 'Assignment ' || (g % 10),
              (now() + interval '180 days')::date, 1, 0,
              'http://localhost/voucher/' || md5('assign-code' || g)::uuid,
              $1, 'Assignment batch', now() - interval '400 days' + g * interval '1 millisecond'
         from generate_series(1, ${BATCH_CODES}) g`,
      [BATCH_ID],
    );
    await client.query('vacuum analyze batches, qr_codes');
  },

  async time({ client, base, adminToken, company, row, record, wrong, sqlCount }) {
    /**
     * A call whose answer the service keeps briefly (the landing's pages, PUBLIC_CACHE_MS): timed over
     * RUNS different paths, so each is a first read (what one visitor per interval pays), after a
     * warm-up on another. `check` sees each answer with its index.
     */
    const uncached = async (label, goal, paths, check) => {
      const times = [];
      try {
        await api(base, paths[0]);
        for (let i = 1; i <= RUNS; i++) {
          const started = performance.now();
          const body = await api(base, paths[i]);
          times.push(performance.now() - started);
          check?.(body, i);
        }
      } catch (error) {
        console.log(`${label}: ${error.message}`);
      }
      record(label, goal, times.length === RUNS ? median(times) : Number.NaN);
    };

    // ---- The picker: GET /api/vendors as the picker asks (limit 30, newest first).
    await client.query('set search_path = partners');
    const all = await sqlCount('select count(*) n from companies');
    const matching = (text) =>
      sqlCount(`select count(*) n from companies where name ilike $1 or lower(email) like lower($1)`, [
        `%${text}%`,
      ]);
    const typed = 'Scale Partner 77';
    const typedTotal = await matching(typed);
    const twoLetters = await matching('sc');
    const deep = Math.min(5000, Math.floor(all / 2));
    const [before, deepRow] = (
      await client.query(
        `select created_at::text as at, id::text from companies order by created_at desc, id desc offset ${deep - 1} limit 2`,
      )
    ).rows;
    // The second page of a search, as the list asks when it is scrolled.
    const [searchBefore, searchNext] = (
      await client.query(
        `select created_at::text as at, id::text from companies where name ilike '%Scale Partner 1%' or lower(email) like '%scale partner 1%'
          order by created_at desc, id desc offset ${PICKER_PAGE - 1} limit 2`,
      )
    ).rows;
    const picker = (query) => `/api/vendors?limit=${PICKER_PAGE}${query}`;

    await row('picker: GET /api/vendors?limit=30 (first page)', 50, picker(''), adminToken, (b) => {
      wrong('picker first page total', b.total, all);
      wrong('picker first page size', b.items.length, Math.min(PICKER_PAGE, all));
    });
    await row(
      'picker: GET /api/vendors?search=sc (two letters typed)',
      50,
      picker(`&search=${q('sc')}`),
      adminToken,
      (b) => wrong('picker two-letter search total', b.total, twoLetters),
    );
    await row(
      `picker: GET /api/vendors?search=${typed}`,
      50,
      picker(`&search=${q(typed)}`),
      adminToken,
      (b) => {
        wrong('picker search total', b.total, typedTotal);
        wrong(
          'picker search: every name matches',
          b.items.every((v) => v.name.toLowerCase().includes(typed.toLowerCase())),
          true,
        );
      },
    );
    if (searchNext) {
      await row(
        'picker: GET /api/vendors?search=Scale Partner 1&cursor=… (page 2)',
        50,
        picker(`&search=${q('Scale Partner 1')}&cursor=${cursorOf(searchBefore)}`),
        adminToken,
        (b) => wrong('picker search page 2 first id', b.items[0]?.id, searchNext.id),
      );
    }
    if (deepRow) {
      await row(
        `picker: GET /api/vendors?cursor=… (row ${deep.toLocaleString('en')})`,
        50,
        picker(`&cursor=${cursorOf(before)}`),
        adminToken,
        (b) => wrong('picker deep page first id', b.items[0]?.id, deepRow.id),
      );
    }

    // ---- The landing page: GET /api/public/partners, active partners oldest first, with figures.
    const active = await sqlCount('select count(*) n from companies where is_active');
    const landingOrder = `from companies where is_active order by created_at, id`;
    const landingDeep = Math.min(5000, Math.floor(active / 2));
    const landingRows = (
      await client.query(
        `select created_at::text as at, id::text ${landingOrder} offset ${landingDeep - 1} limit ${RUNS + 2}`,
      )
    ).rows;
    await client.query('set search_path = vouchers');
    /** A partner's figures counted from the code rows (the landing's rule, BUSINESS_TIMEZONE UTC). */
    const figuresOf = async (partnerId) => {
      const { rows } = await client.query(
        `select count(*)::int as total,
                (count(*) filter (where is_active and usage_count < usage_limit
                                    and (expiration_date is null or expiration_date >= (now() at time zone 'UTC')::date)
                                    and (start_date is null or start_date <= (now() at time zone 'UTC')::date)))::int as active
           from qr_codes where vendor_id = $1 or $1 = any(partner_ids)`,
        [partnerId],
      );
      return rows[0];
    };
    const club = await figuresOf(company.id);
    await uncached(
      `GET /api/public/partners?limit=${LANDING_PAGE} (first page, uncached)`,
      50,
      Array.from({ length: RUNS + 1 }, (_, i) => `/api/public/partners?limit=${LANDING_PAGE - i}`),
      (b, i) => wrong('landing first page size', b.items.length, Math.min(LANDING_PAGE - i, active)),
    );
    await uncached(
      `GET /api/public/partners?cursor=… (row ${landingDeep.toLocaleString('en')}, uncached)`,
      50,
      Array.from(
        { length: RUNS + 1 },
        (_, i) => `/api/public/partners?limit=${LANDING_PAGE}&cursor=${cursorOf(landingRows[i])}`,
      ),
      (b, i) => wrong('landing deep page first id', b.items[0]?.id, landingRows[i + 1]?.id),
    );
    await uncached(
      'GET /api/public/partners?search=Scale Partner 42… (uncached)',
      50,
      Array.from({ length: RUNS + 1 }, (_, i) => `/api/public/partners?search=${q(`Scale Partner 42${i}`)}`),
      (b, i) =>
        wrong(
          `landing search "Scale Partner 42${i}": every name matches`,
          b.items.length > 0 && b.items.every((p) => p.name.toLowerCase().includes(`scale partner 42${i}`)),
          true,
        ),
    );
    // The bench's club (1 in SCALE_ASSIGNED_EVERY codes assigned): its figures from the tallies.
    await row(
      'GET /api/public/partners?search=<the club> (figures)',
      50,
      `/api/public/partners?search=${q('Scale Sports Club')}`,
      undefined,
      (b) => {
        const p = b.items.find((x) => x.id === company.id);
        wrong('landing club totalQrCodes', p?.totalQrCodes, club.total);
        wrong('landing club activeOffers', p?.activeOffers, club.active);
      },
    );

    // ---- The public voucher of an assigned, redeemed code: its partners and last redemption.
    const { rows: voucherRows } = await client.query(
      `select q.id from qr_codes q where $1 = any(q.partner_ids) and q.usage_count > 0
        order by q.created_at limit 1`,
      [company.id],
    );
    if (voucherRows[0]) {
      await row(
        'GET /api/qr-codes/{id} (assigned, redeemed: partners, lastRedemption)',
        50,
        `/api/qr-codes/${voucherRows[0].id}`,
        undefined,
        (b) => {
          wrong('public voucher partners', b.partners?.map((p) => p.id).join(), company.id);
          wrong('public voucher lastRedemption', Boolean(b.lastRedemption?.redeemedAt), true);
        },
      );
    }

    // ---- One POST /api/qr-codes/assign-partners {batchId} of the whole batch, timed once.
    const target = (await client.query(`select ${uuidSql(`'partner' || ${Math.min(9001, PARTNERS)}`)} as id`))
      .rows[0].id;
    const batchCodes = await sqlCount('select count(*) n from qr_codes where batch_id = $1', [BATCH_ID]);
    const started = performance.now();
    let answer = null;
    try {
      answer = await api(base, '/api/qr-codes/assign-partners', {
        token: adminToken,
        json: { batchId: BATCH_ID, partnerIds: [target] },
      });
    } catch (error) {
      console.log(`assign-partners: ${error.message}`);
    }
    const assignMs = performance.now() - started;
    record(
      `POST /api/qr-codes/assign-partners {batchId} (${batchCodes.toLocaleString('en')} codes, once)`,
      30_000,
      answer ? assignMs : Number.NaN,
    );
    wrong('assignment codes', answer?.codes, batchCodes);
    wrong('assignment assigned', answer?.assigned, batchCodes);
    // The assignment and every tally it moves, against the rows.
    const assignedRows = await sqlCount(
      'select count(*) n from qr_code_partners where partner_id = $1 and is_active',
      [target],
    );
    wrong('assignment rows', assignedRows, batchCodes);
    wrong(
      'partner_ids of the batch',
      await sqlCount('select count(*) n from qr_codes where batch_id = $1 and $2 = any(partner_ids)', [
        BATCH_ID,
        target,
      ]),
      batchCodes,
    );
    wrong(
      'code_tallies of the partner',
      await sqlCount('select coalesce(sum(codes), 0) n from code_tallies where scope_id = $1', [target]),
      assignedRows,
    );
    const targetFigures = await figuresOf(target);
    wrong(
      'partner_offer_tallies of the partner (codes)',
      await sqlCount('select coalesce(sum(codes), 0) n from partner_offer_tallies where partner_id = $1', [
        target,
      ]),
      targetFigures.total,
    );
    await row(
      'GET /api/vendors/{id}/qr-codes (the assigned partner)',
      50,
      `/api/vendors/${target}/qr-codes?limit=10`,
      adminToken,
      (b) => wrong('assigned partner codes total', b.total, assignedRows),
    );
    await row(
      'GET /api/public/partners?search=<the assigned partner> (figures)',
      50,
      `/api/public/partners?search=${q(`Scale Partner ${Math.min(9001, PARTNERS)}`)}`,
      undefined,
      (b) => {
        const p = b.items.find((x) => x.id === target);
        wrong('landing assigned partner totalQrCodes', p?.totalQrCodes, targetFigures.total);
        wrong('landing assigned partner activeOffers', p?.activeOffers, targetFigures.active);
      },
    );
    await client.query('reset search_path');
  },
};
