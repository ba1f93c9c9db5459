// The scale bench's year of data (issue 11), shared by bench:scale and bench:capacity: set-based SQL
// (generate_series) in the vouchers schema. Codes are numbered g = 1..codes; ids are md5-derived
// (stable): code g is md5('code' || g)::uuid (codeIdOf below), and every assignedEvery-th code is
// assigned to a partner company: with one given, to it; with several, in turn (assignedCodeOf below).
import { createHash } from 'node:crypto';

/** The sizes, from the environment with the scale bench's defaults (prefix: SCALE or CAPACITY). */
export function yearOfDataSizes(env = process.env, prefix = 'SCALE') {
  const read = (name, fallback) => Number(env[`${prefix}_${name}`] ?? env[`SCALE_${name}`] ?? fallback);
  return {
    codes: read('CODES', 1_000_000),
    batches: read('BATCHES', 100),
    redemptions: read('REDEMPTIONS', 3_000_000),
    assignedEvery: read('ASSIGNED_EVERY', 10),
    days: read('DAYS', 90),
  };
}

/** The id of seeded code number g (what md5('code' || g)::uuid gives). */
export function codeIdOf(g) {
  const hex = createHash('md5').update(`code${g}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The number g of the k-th code (k = 0, 1, ...) assigned to the partner at `index` of `partners`
 * companies, or null when it has fewer: assigned code j (g = j × assignedEvery) goes to partner
 * (j - 1) mod partners.
 */
export function assignedCodeOf(index, k, partners, sizes) {
  const j = index + 1 + k * partners;
  return j <= Math.floor(sizes.codes / sizes.assignedEvery) ? j * sizes.assignedEvery : null;
}

/** How many codes the partner at `index` of `partners` companies is assigned. */
export function assignedCountOf(index, partners, sizes) {
  const assigned = Math.floor(sizes.codes / sizes.assignedEvery);
  return assigned > index ? Math.floor((assigned - 1 - index) / partners) + 1 : 0;
}

/**
 * Seeds the vouchers schema: `codes` codes in `batches` bulk batches created over the last year, every
 * `assignedEvery`-th assigned to `partnerId` (one id, or an array of ids that take them in turn), and `redemptions` redemptions spread over the last `days`
 * days (every code gets the same number; usage_count matches its rows). The secondary indexes are
 * dropped during the load and rebuilt after it, and foreign-key triggers are skipped
 * (session_replication_role = replica).
 */
export async function seedYearOfData(client, partnerId, sizes) {
  await client.query('set search_path = vouchers');
  await client.query('set session_replication_role = replica');
  await client.query(`set maintenance_work_mem = '256MB'`);
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes
      where schemaname = 'vouchers' and tablename in ('batches', 'qr_codes', 'qr_code_partners', 'redemptions')
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const { indexname } of indexes) await client.query(`drop index vouchers."${indexname}"`);
  await load(client, Array.isArray(partnerId) ? partnerId : [partnerId], sizes);
  for (const { indexdef } of indexes) await client.query(indexdef);
  await client.query('set session_replication_role = origin');
  await client.query('vacuum analyze batches, qr_codes, qr_code_partners, redemptions');
}

async function load(
  client,
  partnerIds,
  { codes: CODES, batches: BATCHES, redemptions: REDEMPTIONS, assignedEvery: ASSIGNED_EVERY, days: DAYS },
) {
  const perCode = Math.max(1, Math.round(REDEMPTIONS / CODES));
  // Batch ids are md5-made RFC 4122 uuids (version 4, variant 8): the redeem's event checks its batchId.
  const batchId = `overlay(overlay(md5('batch' || b) placing '4' from 13) placing '8' from 17)::uuid`;
  // Assigned code g = j × ASSIGNED_EVERY belongs to partner (j - 1) mod N (1-based in SQL arrays).
  const partnerOf = `($1::uuid[])[((g / ${ASSIGNED_EVERY} - 1) % ${partnerIds.length}) + 1]`;
  const perBatch = Math.ceil(CODES / BATCHES);
  await client.query(
    `insert into batches (id, name, count, created_at)
     select ${batchId}, 'Scale batch ' || b, least(${perBatch}, ${CODES} - (b - 1) * ${perBatch}),
            now() - interval '365 days' + (b * interval '1 day' * 365 / ${BATCHES + 1})
       from generate_series(1, ${BATCHES}) b`,
  );
  // Each code belongs to batch ceil(g / perBatch), created a second apart after its batch.
  await client.query(
    `insert into qr_codes (id, clinic_name, discount_type, discount_value, service, expiration_date,
                           usage_limit, usage_count, qr_url, batch_id, batch_name, created_at, partner_ids)
     select md5('code' || g)::uuid, 'Partner ' || (g % 300), 'percentage', 10, 'Service ' || (g % 100),
            (now() + interval '365 days')::date, ${perCode + 10}, ${perCode},
            'http://localhost/voucher/' || md5('code' || g)::uuid,
            ${batchId}, 'Scale batch ' || b,
            now() - interval '365 days' + (b * interval '1 day' * 365 / ${BATCHES + 1}) + ((g - (b - 1) * ${perBatch}) * interval '1 second'),
            case when g % ${ASSIGNED_EVERY} = 0 then array[${partnerOf}] else '{}' end
       from (select g, (g - 1) / ${perBatch} + 1 as b from generate_series(1, ${CODES}) g) s`,
    [partnerIds],
  );
  await client.query(
    `insert into qr_code_partners (id, qr_code_id, partner_id, assigned_at, is_active)
     select md5('assign' || g)::uuid, md5('code' || g)::uuid, ${partnerOf}, now() - interval '100 days', true
       from generate_series(${ASSIGNED_EVERY}, ${CODES}, ${ASSIGNED_EVERY}) g`,
    [partnerIds],
  );
  // Redemption k of code g: spread over the last DAYS days (and a few today).
  await client.query(
    `insert into redemptions (id, qr_code_id, redeemed_at, redeemed_by, device_info, status)
     select md5('redemption' || g || '-' || k)::uuid, md5('code' || g)::uuid,
            now() - ((g * ${perCode} + k) % (${DAYS} * 86400)) * interval '1 second',
            'Store Scanner', 'bench', 'completed'
       from generate_series(1, ${CODES}) g, generate_series(1, ${perCode}) k`,
  );
}
