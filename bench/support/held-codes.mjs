// The members section's held codes (issue 41): SCALE_HELD codes (default every seeded code, 1,000,000)
// given holders among the SCALE_MEMBERS members, set-based: the first HEAVY members hold HEAVY_CODES
// codes each (a coach's family, a club account: thousands), the rest are dealt round the other
// members (about ten each). Then "My vouchers" (a member session) and the administrator's
// GET /api/members/{id}/vouchers are timed for a heavy holder and a typical one, first and second
// pages, and the held list's statement (heldPageQuery, as the repository sends it) is explained.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const HEAVY = 5;
const HEAVY_CODES = Number(process.env.SCALE_HEAVY_CODES ?? 5_000);

export const uuidOfMember = (g) =>
  `overlay(overlay(md5('member' || ${g}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Member 2's codes are used up but for 1 in 500 (their limit lowered to their count, so the rows still
 * agree): the list's worst case, whose usable half is a few codes among thousands.
 */
export const USED_UP_SQL = `update vouchers.qr_codes set usage_limit = greatest(usage_count, 1)
  where holder_member_id = ${uuidOfMember(2)} and usage_count > 0 and ('x' || left(id::text, 8))::bit(32)::int % 500 <> 0`;

/** Gives SCALE_HELD of the seeded codes a holder (secondary indexes dropped during the update). */
export async function seedHeldCodes(client, { members, first, last }) {
  await client.query('set search_path = vouchers');
  const codes = Number((await client.query('select count(*) n from qr_codes')).rows[0].n);
  const held = Math.min(Number(process.env.SCALE_HELD ?? codes), codes);
  const heavy = Math.min(HEAVY * HEAVY_CODES, Math.floor(held / 10));
  const perHeavy = Math.floor(heavy / HEAVY);
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes
      where schemaname = 'vouchers' and tablename = 'qr_codes'
        and indexname not in (select conname from pg_constraint)`,
  );
  await client.query(`set maintenance_work_mem = '256MB'`);
  // Replica mode: the partner-offer tallies' statement trigger would net a million rows to nothing (a
  // holder moves none of them); the till's change log would record a million rows no till asks for;
  // held_codes (vouchers migration 0029) is filled below by the migration's own set-based statement,
  // what its row trigger would write one row at a time.
  const heldTable = (await client.query(`select to_regclass('vouchers.held_codes') as t`)).rows[0].t;
  await client.query('set session_replication_role = replica');
  await client.query('alter table qr_codes disable trigger till_code_updated');
  if (heldTable) await client.query('alter table qr_codes disable trigger held_codes_update');
  for (const { indexname } of indexes) await client.query(`drop index vouchers."${indexname}"`);
  await client.query(
    `update qr_codes q set holder_member_id = ${uuidOfMember('h.g')},
            holder_name = (${first})[1 + h.g % 20] || ' ' || left((${last})[1 + (h.g / 20) % 20], 1) || '.',
            holder_source = q.batch_id
       from (select id, case when rn <= ${HEAVY * perHeavy} then 1 + (rn - 1) / ${Math.max(perHeavy, 1)}
                             else ${HEAVY + 1} + (rn - ${HEAVY * perHeavy}) % ${members - HEAVY} end as g
               from (select id, row_number() over (order by id) rn from qr_codes) n
              where rn <= ${held}) h
      where q.id = h.id`,
  );
  await client.query(USED_UP_SQL);
  for (const { indexdef } of indexes) await client.query(indexdef);
  if (heldTable) {
    await client.query('drop index held_codes_list_index');
    await client.query('truncate held_codes');
    await client.query(`insert into held_codes (qr_code_id, holder_member_id, created_at, usable, expiry_key)
      select q.id, q.holder_member_id, q.created_at, q.is_active and q.usage_count < q.usage_limit,
             coalesce(q.expiration_date, 'infinity'::date)
        from qr_codes q where q.holder_member_id is not null`);
    await client.query(`create index held_codes_list_index
      on held_codes (holder_member_id, usable, created_at desc, qr_code_id desc, expiry_key)`);
    await client.query('alter table qr_codes enable always trigger held_codes_update');
  }
  await client.query('alter table qr_codes enable always trigger till_code_updated');
  await client.query('set session_replication_role = origin');
  await client.query(`vacuum analyze qr_codes${heldTable ? ', held_codes' : ''}`);
  return { held, perHeavy };
}

/** A member session of member number `g` (its token's SHA-256 stored, as the members service does). */
async function memberToken(client, g) {
  const token = randomBytes(32).toString('base64url');
  const hash = createHash('sha256').update(token).digest('base64url');
  await client.query(
    `insert into members.member_sessions (id, member_id, token_hash, expires_at)
     values ($1, ${uuidOfMember('$3::int')}, $2, now() + interval '1 hour')`,
    [randomUUID(), hash, g],
  );
  return token;
}

/** Times the held lists and explains the held list's statement. */
export async function timeHeldCodes({ client, adminToken, row, wrong, sqlCount, members }) {
  const g = Math.min(4242, members);
  const { heldPageQuery } = require('../../services/vouchers/dist/holders/held-vouchers.repository.js');
  const heldOf = async (g) =>
    sqlCount(`select count(*) n from vouchers.qr_codes where holder_member_id = ${uuidOfMember(g)}`);
  const idOf = async (g) => (await client.query(`select ${uuidOfMember(g)}::text as id`)).rows[0].id;
  const heavy = { g: 1, held: await heldOf(1), id: await idOf(1), token: await memberToken(client, 1) };
  const spent = { g: 2, held: await heldOf(2), id: await idOf(2), token: await memberToken(client, 2) };
  const typical = {
    g,
    held: await heldOf(g),
    id: await idOf(g),
    token: await memberToken(client, g),
  };
  const total = await sqlCount('select count(*) n from vouchers.qr_codes where holder_member_id is not null');
  console.log(
    `${total.toLocaleString('en')} held codes; member 1 holds ${heavy.held.toLocaleString('en')}, member ${g} holds ${typical.held}`,
  );
  const size = (label, want) => (b) => wrong(label, b.items?.length, Math.min(50, want));
  // Member 2's usable codes come first: as many as SQL counts (up to a page), then only used ones.
  const usable = await sqlCount(
    `select count(*) n from vouchers.qr_codes where holder_member_id = ${uuidOfMember(2)}
        and is_active and usage_count < usage_limit and (expiration_date is null or expiration_date >= current_date)`,
  );
  const activeFirst = (label) => (b) => {
    const states = (b.items ?? []).map((v) => v.state);
    wrong(`${label} active first`, states.lastIndexOf('active') + 1, Math.min(50, usable));
    wrong(`${label} active count`, states.filter((v) => v === 'active').length, Math.min(50, usable));
  };
  const both =
    (...checks) =>
    (b) =>
      checks.forEach((check) => check(b));
  for (const m of [heavy, spent, typical]) {
    const who = `${m.held.toLocaleString('en')} held${m === spent ? ', most used up' : ''}`;
    const page = await row(
      `GET /api/me/vouchers (${who})`,
      50,
      '/api/me/vouchers?limit=50',
      m.token,
      both(size(`my vouchers ${m.g}`, m.held), ...(m === spent ? [activeFirst('my vouchers 2')] : [])),
    );
    await row(
      `GET /api/members/{id}/vouchers (${who})`,
      50,
      `/api/members/${m.id}/vouchers?limit=50`,
      adminToken,
      size(`member ${m.g} vouchers`, m.held),
    );
    if (page?.nextCursor)
      await row(
        `GET /api/me/vouchers?cursor (${who}, page 2)`,
        50,
        `/api/me/vouchers?limit=50&cursor=${encodeURIComponent(page.nextCursor)}`,
        m.token,
        size(`my vouchers ${m.g} page 2`, m.held - 50),
      );
  }
  const today = new Date().toISOString().slice(0, 10);
  for (const [m, phase] of [
    [heavy, 'active'],
    [heavy, 'done'],
    [spent, 'active'],
    [spent, 'done'],
  ]) {
    let n = 0;
    const { sql, params } = heldPageQuery(phase, {
      memberId: m.id,
      validFrom: today,
      after: null,
      limit: 51,
    });
    await client.query('set search_path = vouchers');
    const plan = await client.query(
      `explain (analyze, buffers) ${sql.replace(/\?/g, () => `$${++n}`)}`,
      params,
    );
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) of the held list from the ${phase === 'active' ? 'start' : 'used half'} (heldPageQuery, member ${m.g}):`,
    );
    for (const line of plan.rows) console.log(`  ${line['QUERY PLAN']}`);
  }
}
