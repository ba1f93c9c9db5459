// bench:statements' month of data (issue 39): partners and their portal users by SQL in the partners
// and identity schemas, and one past month of the statements ledger (`statements.statement_entries`)
// by set-based SQL (generate_series), the ledger's secondary indexes dropped during the load and
// rebuilt after it. Partners are numbered p = 1..partners; a row's partner is
// 1 + floor(partners * random()^SKEW), so partner 1 has the most rows (with skew 2 about 1/sqrt(partners)
// of all) and most partners a few hundred.

/** The sizes, from the environment (BENCH_*), with a small smoke size under BENCH_SMOKE=1. */
export function statementsMonthSizes(env = process.env) {
  const smoke = env.BENCH_SMOKE === '1';
  const read = (name, full, small) => Number(env[`BENCH_${name}`] ?? (smoke ? small : full));
  return {
    partners: read('PARTNERS', 10_000, 200),
    redemptions: read('REDEMPTIONS', 3_000_000, 60_000),
    charges: read('CHARGES', 200_000, 4_000),
    usages: read('USAGES', 50_000, 1_000),
    /** The fraction of partners with one active portal user with an e-mail (so mails are queued). */
    mailFraction: Number(env.BENCH_MAIL_FRACTION ?? (smoke ? 0.5 : 0.2)),
    /** Distinct vouchers/batches a partner's redemptions are about (so a big partner has hundreds of lines). */
    subjects: read('SUBJECTS', 600, 600),
    skew: Number(env.BENCH_SKEW ?? 2),
  };
}

/** An RFC 4122-shaped uuid from a seed text (version 4 and variant bits set, as the contracts check). */
export const uuidSql = (text) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
export const partnerIdSql = (p) => uuidSql(`'partner' || ${p}`);

/** The partners (partners.companies) and a portal user with an e-mail for a fraction of them. */
export async function seedPartners(client, { partners, mailFraction }) {
  await client.query(
    `insert into partners.companies (id, name, email, created_at)
     select ${partnerIdSql('g')}, 'Bench Partner ' || g, 'partner-' || g || '@bench.example',
            now() - interval '365 days' + g * interval '1 second'
       from generate_series(1, ${partners}) g`,
  );
  const every = mailFraction > 0 ? Math.max(1, Math.round(1 / mailFraction)) : 0;
  if (every)
    await client.query(
      `insert into identity.users (id, username, email, password_hash, role, company_id, first_name, last_name)
       select ${uuidSql(`'portal-user' || g`)}, 'bench-user-' || g, 'user-' || g || '@bench.example',
              (select password_hash from identity.users where role = 'super_admin' limit 1), 'company_admin',
              ${partnerIdSql('g')}, 'Staff', 'Member ' || g
         from generate_series(1, ${partners}, ${every}) g`,
    );
  await client.query('vacuum analyze partners.companies, identity.users');
}

/**
 * One month of ledger rows: [monthStart, monthEnd) (timestamptz texts). Redemptions (5 % cancels, a
 * fifth of those of a redemption of the month before: adjustments), 40 % club-funded, 10 % without a
 * sale amount; credit charges with 5 % voids; merchandise usage reports.
 */
export async function seedLedger(client, sizes, { monthStart, monthEnd }) {
  const { partners, redemptions, charges, usages, subjects, skew } = sizes;
  await client.query('set search_path = statements');
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query('select setseed(0.39)');
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes
      where schemaname = 'statements' and tablename = 'statement_entries'
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await client.query(`drop index statements."${indexname}"`);
  const partner = `1 + floor(${partners} * power(random(), ${skew}))::int`;
  const at = `$1::timestamptz + random() * ($2::timestamptz - $1::timestamptz)`;
  // Redemptions and cancels. s: subject number, c: a cancel, e: a cancel of last month's redemption.
  await client.query(
    `insert into statement_entries (partner_id, kind, source_id, occurred_at, origin_at, subject_type, subject_id,
       label, quantity, sale_cents, discount_cents, funded_by, club_owes_cents, partner_owes_cents, without_sale_amount)
     select ${partnerIdSql('p')}, case when c then 'redemption_cancel' else 'redemption' end,
            ${uuidSql(`'redemption' || g`)}, t, case when e then t - interval '20 days' else t end,
            case when s % 5 = 0 then 'batch' else 'voucher' end, ${uuidSql(`'subject' || p || '-' || s`)},
            case when s % 5 = 0 then 'Batch ' else 'Voucher ' end || s,
            case when c then -1 else 1 end,
            case when ns then null else sign * sale end, sign * disc,
            case when club then 'club' else 'partner' end,
            case when club and not ns then sign * disc else 0 end, 0, ns
       from (select g, ${partner} as p, floor(random() * ${subjects})::int as s, ${at} as t,
                    random() < 0.05 as c, random() < 0.2 as e, random() < 0.4 as club, random() < 0.1 as ns,
                    (1000 + floor(random() * 20000))::bigint as sale, (100 + floor(random() * 2000))::bigint as disc
               from generate_series(1, ${redemptions}) g) r,
            lateral (select case when c then -1 else 1 end as sign) x`,
    [monthStart, monthEnd],
  );
  await client.query(
    `insert into statement_entries (partner_id, kind, source_id, occurred_at, origin_at, subject_type, subject_id,
       label, quantity, club_owes_cents)
     select ${partnerIdSql('p')}, case when v then 'credit_void' else 'credit_charge' end, ${uuidSql(`'charge' || g`)},
            t, t, 'credit', ${uuidSql(`'credit' || p || '-' || (g % 40)`)}, 'Credit ' || (g % 40),
            case when v then -1 else 1 end, case when v then -amount else amount end
       from (select g, ${partner} as p, ${at} as t, random() < 0.05 as v,
                    (500 + floor(random() * 10000))::bigint as amount
               from generate_series(1, ${charges}) g) r`,
    [monthStart, monthEnd],
  );
  await client.query(
    `insert into statement_entries (partner_id, kind, source_id, occurred_at, origin_at, subject_type, subject_id,
       label, quantity, partner_owes_cents)
     select ${partnerIdSql('p')}, 'merch_usage', ${uuidSql(`'usage' || g`)}, t, t, 'item',
            ${uuidSql(`'item' || (g % 200)`)}, 'Item ' || (g % 200), q, q * price
       from (select g, ${partner} as p, ${at} as t, 1 + floor(random() * 5)::int as q,
                    (300 + floor(random() * 3000))::bigint as price
               from generate_series(1, ${usages}) g) r`,
    [monthStart, monthEnd],
  );
  for (const { indexdef } of indexes) await client.query(indexdef);
  await client.query('vacuum analyze statement_entries');
  await client.query('reset search_path');
}
