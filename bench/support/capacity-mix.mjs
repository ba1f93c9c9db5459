// bench:capacity's mix (issue 40): which companies, staff, sessions and codes its screens and till
// calls belong to. CAPACITY_MIX=club (the default): a club's day, CAPACITY_COMPANIES (default 200)
// partner companies, each with its own staff user and its share of the year of data's assigned codes,
// one administrator's screen in every ten, the till calls spread over the partners (each by that
// partner's staff, on that partner's codes). CAPACITY_MIX=single: every partner screen and till call
// is one company's (so its screens share one cached answer), one administrator's screen in four.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { api } from './bench-kit.mjs';
import { assignedCodeOf, assignedCountOf, codeIdOf, seedYearOfData } from './year-of-data.mjs';

export function mixOf(env = process.env) {
  const name = env.CAPACITY_MIX ?? 'club';
  if (name === 'single') return { name, companies: 1, adminEvery: 4 };
  if (name !== 'club') throw new Error(`CAPACITY_MIX must be single or club, not ${name}`);
  const companies = Number(env.CAPACITY_COMPANIES ?? 200);
  if (!Number.isInteger(companies) || companies < 1)
    throw new Error(`CAPACITY_COMPANIES must be a positive whole number, not ${env.CAPACITY_COMPANIES}`);
  return { name, companies, adminEvery: 10 };
}

const staffOf = (index) => ({ username: `capacity-staff-${index + 1}`, password: 'capacity-password' });

/** Runs `work(i)` for i < count, `parallel` at a time. */
async function eachOf(count, parallel, work) {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
}

/**
 * The mix's companies, in the order the seed assigns them codes: [{ id, token }], each with its staff
 * signed in. On a new database, creates them (one staff user each) and seeds the year of data with
 * their codes; on a kept one (`reuse`), finds them by the first codes they were assigned.
 */
export async function setUpCompanies({ base, adminToken, client, reuse, mix, sizes }) {
  let ids;
  if (reuse) {
    const { rows } = await client.query(
      `select p.partner_id from vouchers.qr_code_partners p
         join generate_series(${sizes.assignedEvery}, ${sizes.codes}, ${sizes.assignedEvery}) g
           on p.qr_code_id = md5('code' || g)::uuid
        order by g`,
    );
    const seen = new Set();
    ids = rows.map((r) => r.partner_id).filter((id) => !seen.has(id) && seen.add(id));
    if (ids.length !== mix.companies)
      console.log(`the kept database has ${ids.length} partner companies: the mix uses them all`);
  } else {
    ids = new Array(mix.companies);
    await eachOf(mix.companies, 8, async (i) => {
      const name = mix.companies === 1 ? 'Scale Sports Club' : `Capacity Club ${i + 1}`;
      ids[i] = (await api(base, '/api/vendors', { token: adminToken, json: { name } })).id;
      await api(base, `/api/partners/${ids[i]}/users`, { token: adminToken, json: staffOf(i) });
    });
    const started = performance.now();
    await seedYearOfData(client, ids, sizes);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const companies = new Array(ids.length);
  await eachOf(ids.length, 8, async (i) => {
    const { token } = await api(base, '/api/auth/company-login', { json: staffOf(i) });
    companies[i] = { id: ids[i], token, codes: assignedCountOf(i, ids.length, sizes) };
  });
  return companies;
}

// The seed's md5-made ids are not all RFC 4122 uuids, which the redeem's event requires (zod's uuid):
// only those that are are drawn.
const RFC_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const drawn = (draw) => {
  for (;;) {
    const id = draw();
    if (id && RFC_UUID.test(id)) return id;
  }
};

/** What the redeems draw: a random seeded code for the public redeem; for the till, a random partner's
 * staff session and one of that partner's codes. */
export function codePickers(companies, sizes) {
  const withCodes = companies.map((c, index) => ({ ...c, index })).filter((c) => c.codes > 0);
  if (!withCodes.length) throw new Error('no company has an assigned code: raise CAPACITY_CODES');
  const publicCode = () => drawn(() => codeIdOf(1 + Math.floor(Math.random() * sizes.codes)));
  const tillCall = () => {
    let token;
    const code = drawn(() => {
      const company = withCodes[Math.floor(Math.random() * withCodes.length)];
      token = company.token;
      const k = Math.floor(Math.random() * company.codes);
      return codeIdOf(assignedCodeOf(company.index, k, companies.length, sizes));
    });
    return { token, code };
  };
  return { publicCode, tillCall };
}

/**
 * Sessions for `count` screens of one user: copies of the session a real sign-in made (each with its
 * own token and row, as if each screen had signed in; thousands of sign-ins would spend minutes hashing
 * passwords, which is not what is measured).
 */
export async function sessionsLike(client, token, count) {
  if (count <= 0) return [];
  const { rows: where } = await client.query(
    `select table_schema from information_schema.tables where table_name = 'sessions' and table_schema <> 'public'`,
  );
  const table = `"${where[0].table_schema}".sessions`;
  const { rows: columns } = await client.query(
    `select column_name from information_schema.columns where table_schema = $1 and table_name = 'sessions' and column_name <> 'sid'`,
    [where[0].table_schema],
  );
  const others = columns.map((c) => `"${c.column_name}"`).join(', ');
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const sids = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
  const template = createHash('sha256').update(token).digest('hex');
  await client.query(
    `insert into ${table} (sid, ${others}) select s, ${others} from ${table}, unnest($1::text[]) s where sid = $2`,
    [sids, template],
  );
  return tokens;
}
