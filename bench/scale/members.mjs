// The members screen (issue 41) at SCALE_MEMBERS members (default 100,000) in the members schema,
// seeded by SQL: 20 first and 20 last names, a unique e-mail and phone each, tags and consents spread
// over them, created over the last year. Times the first page, the searches (a dense name prefix, a
// sparse e-mail and phone), the tag and consent filters, the name sort and deep keyset pages of both
// sorts, each checked against SQL; prints EXPLAIN (ANALYZE, BUFFERS) of the name search. Then the
// seeded codes get holders among these members (bench/support/held-codes.mjs, SCALE_HELD, default every
// code: 1,000,000), and "My vouchers" and a member's vouchers are timed for a member holding thousands
// and a typical one, with the plan of the held list's statement.
import { seedHeldCodes, timeHeldCodes } from '../support/held-codes.mjs';

const MEMBERS = Number(process.env.SCALE_MEMBERS ?? 100_000);
const FIRST = ['Ana', 'Luis', 'Marta', 'Jorge', 'Lucia', 'Pablo', 'Sofia', 'Diego', 'Elena', 'Hugo'].concat([
  'Carmen',
  'Mario',
  'Paula',
  'Javier',
  'Laura',
  'Daniel',
  'Sara',
  'Adrian',
  'Irene',
  'Marco',
]);
const LAST = [
  'Garcia',
  'Lopez',
  'Martin',
  'Sanchez',
  'Perez',
  'Gomez',
  'Ruiz',
  'Diaz',
  'Moreno',
  'Alvarez',
].concat([
  'Romero',
  'Navarro',
  'Torres',
  'Dominguez',
  'Vazquez',
  'Ramos',
  'Gil',
  'Serrano',
  'Blanco',
  'Molina',
]);
const arraySql = (values) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;
const uuidSql = (text) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const cursorOf = (row) => Buffer.from(JSON.stringify([row.at, row.id])).toString('base64url');
const sortedCursorOf = (sort, order, row) =>
  Buffer.from(JSON.stringify(['s1', sort, order, row.value, row.id])).toString('base64url');

/** The repository's search (members.repository.ts memberSearchSql), as it sends it. */
const SEARCH = `m.erased_at is null
   and (lower(m.first_name) like $1 or lower(m.last_name) like $1
        or lower(m.first_name || ' ' || m.last_name) like $1 or m.email like $1)`;
/** Its bounded count (at most 1,001 rows): few matches take the sparse plan below. */
const PROBE_SQL = `select count(*)::int as n from (select 1 from members.members m where ${SEARCH} limit 1001) x`;
/** A sparse search's page: the matches through their indexes, then sorted (a handful). */
const SPARSE_SQL = `select m.*, m.created_at::text as cursor_at, null as sort_value
  from (with matches as materialized (select * from members.members m where ${SEARCH}) select * from matches) m
 where ${SEARCH}
 order by m.created_at desc, m.id desc limit 50`;
/** A dense search's page: the order's index, walked until a page matches (the filter unindexed). */
const DENSE_SQL = `select m.*, m.created_at::text as cursor_at, null as sort_value
  from members.members m
 where m.erased_at is null
   and (lower(m.first_name) || '' like $1 or lower(m.last_name) || '' like $1
        or lower(m.first_name || ' ' || m.last_name) || '' like $1 or m.email || '' like $1)
   and 'coach' = any(m.tags)
 order by m.created_at desc, m.id desc limit 50`;

export const section = {
  title: `Members (${MEMBERS.toLocaleString()} members)`,

  async seed({ client }) {
    await client.query('set search_path = members');
    await client.query(
      `insert into members (id, first_name, last_name, email, phone, language, tags,
              email_consent, email_consent_at, email_consent_source, sms_consent, sms_consent_at,
              sms_consent_source, created_at, updated_at)
       select ${uuidSql(`'member' || g`)}, (${arraySql(FIRST)})[1 + g % 20], (${arraySql(LAST)})[1 + (g / 20) % 20],
              'member-' || g || '@scale.example', '+1212' || lpad(g::text, 7, '0'),
              case when g % 4 = 0 then 'es' else 'en' end,
              array_remove(array[case when g % 3 = 0 then 'athlete' end, case when g % 10 = 0 then 'coach' end,
                                 case when g % 5 = 0 then 'family' end], null),
              g % 2 = 0, case when g % 2 = 0 then now() end, case when g % 2 = 0 then 'import' end,
              g % 7 = 0, case when g % 7 = 0 then now() end, case when g % 7 = 0 then 'form' end,
              now() - interval '365 days' + (g * interval '1 second' * 31536000 / ${MEMBERS + 1}),
              now()
         from generate_series(1, ${MEMBERS}) g`,
    );
    await client.query('vacuum analyze members');
    const { held, perHeavy } = await seedHeldCodes(client, {
      members: MEMBERS,
      first: arraySql(FIRST),
      last: arraySql(LAST),
    });
    console.log(
      `${held.toLocaleString('en')} codes given holders (5 members hold ${perHeavy.toLocaleString('en')} each)`,
    );
  },

  async time({ client, adminToken, row, record, wrong, sqlCount }) {
    await client.query('set search_path = members');
    const all = await sqlCount('select count(*) n from members where erased_at is null');
    const deep = Math.min(50_000, Math.floor(all / 2));
    const [byDate] = (
      await client.query(
        `select created_at::text as at, id::text from members where erased_at is null
          order by created_at desc, id desc offset ${deep - 1} limit 1`,
      )
    ).rows;
    const [byName] = (
      await client.query(
        `select lower(last_name || ' ' || first_name) as value, id::text from members where erased_at is null
          order by lower(last_name || ' ' || first_name), id offset ${deep - 1} limit 1`,
      )
    ).rows;
    const items = (label, want) => (b) => wrong(label, b.items?.length, want);
    const firstOf = (label, want) => (b) => wrong(label, b.items?.[0]?.email, want);

    await row(
      'GET /api/members (first page)',
      50,
      '/api/members?limit=50',
      adminToken,
      items('members page', 50),
    );
    await row(
      'GET /api/members?search=mar (dense prefix)',
      50,
      '/api/members?limit=50&search=mar',
      adminToken,
      items('members name search', 50),
    );
    await row(
      'GET /api/members?search=<e-mail>',
      50,
      '/api/members?limit=50&search=member-4242@',
      adminToken,
      firstOf('members e-mail search', 'member-4242@scale.example'),
    );
    await row(
      'GET /api/members?search=<phone digits>',
      50,
      '/api/members?limit=50&search=212%20000%204242',
      adminToken,
      firstOf('members phone search', 'member-4242@scale.example'),
    );
    await row(
      'GET /api/members?tag=coach',
      50,
      '/api/members?limit=50&tag=coach',
      adminToken,
      items('members tag filter', 50),
    );
    await row(
      'GET /api/members?consent=sms',
      50,
      '/api/members?limit=50&consent=sms',
      adminToken,
      items('members consent filter', 50),
    );
    await row(
      'GET /api/members?tag=coach&search=ana',
      50,
      '/api/members?limit=50&tag=coach&search=ana',
      adminToken,
      (b) =>
        wrong(
          'members tag+search all coaches',
          b.items?.every((m) => m.tags.includes('coach')),
          true,
        ),
    );
    await row(
      'GET /api/members?sort=name (first page)',
      50,
      '/api/members?limit=50&sort=name',
      adminToken,
      items('members name sort', 50),
    );
    await row(
      `GET /api/members?cursor (row ${deep.toLocaleString()})`,
      50,
      `/api/members?limit=50&cursor=${cursorOf(byDate)}`,
      adminToken,
      items('members deep page', 50),
    );
    await row(
      `GET /api/members?sort=name&cursor (row ${deep.toLocaleString()})`,
      50,
      `/api/members?limit=50&sort=name&cursor=${sortedCursorOf('name', 'asc', byName)}`,
      adminToken,
      items('members deep name page', 50),
    );
    const explain = async (title, sql, term) => {
      const plan = await client.query(`explain (analyze, buffers) ${sql}`, [term]);
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${title} ('${term}'):`);
      for (const line of plan.rows) console.log(`  ${line['QUERY PLAN']}`);
    };
    await explain('the members search count', PROBE_SQL, 'member-4242@%');
    await explain('a sparse members search (an e-mail)', SPARSE_SQL, 'member-4242@%');
    await explain('the members search count', PROBE_SQL, 'mar%');
    await explain('a dense members search with a tag (ana, coach)', DENSE_SQL, 'ana%');
    await timeHeldCodes({ client, adminToken, row, wrong, sqlCount, members: MEMBERS });
    void record;
  },
};
