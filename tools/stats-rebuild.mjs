#!/usr/bin/env node
// npm run stats:rebuild — recomputes every dashboard tally of the vouchers service from the completed
// redemptions (a cancelled one counts nowhere) and the codes (code_tallies, redemption_tallies,
// location_tallies, batch_tallies, qr_codes.partner_ids, the landing page's partner_offer_tallies,
// trainer_day_tallies), and checks that each code's usage_count is the signed sum of its redemptions
// and reversals, that each redemption's status and cancel columns agree with its reversal row, and
// that each member_uses counter is its member's redemptions not cancelled of that limit group in that
// period, and that each send's tally in the members service is its deliveries counted by state
// (failing loudly, rolled back, when one does not), in one transaction. What an operator
// runs after a restore or a bulk import by SQL; safe with the platform running (it locks the vouchers
// tables for the few seconds it takes) and idempotent.
// Uses DATABASE_URL (the platform's privileged URL, or the vouchers role's) and BUSINESS_TIMEZONE;
// needs the built service (npm run build), whose SQL it runs.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { platformEnv } from './platform.mjs';

const require = createRequire(import.meta.url);
// Every tally, the trainer codes' trainer_day_tallies included (the same queue feeds them).
const {
  CANCEL_FLAG_MISMATCHES_SQL,
  MEMBER_USES_MISMATCHES_SQL,
  REBUILD_TALLIES_SQL,
  USAGE_COUNT_MISMATCHES_SQL,
} = require('../services/vouchers/dist/tallies/tallies-sql.repository.js');
const {
  SEND_TALLY_MISMATCHES_SQL,
} = require('../services/members/dist/sends/send-tallies-sql.repository.js');

/** Rebuilds the tallies in `databaseUrl`'s vouchers schema; resolves to the figures afterwards. */
export async function rebuildStats(
  databaseUrl,
  timeZone = process.env.BUSINESS_TIMEZONE || 'America/Los_Angeles',
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('set search_path = vouchers');
    await client.query('begin');
    for (const sql of REBUILD_TALLIES_SQL) {
      await client.query(sql, sql.includes('$1') ? [timeZone] : []);
    }
    // A code's usage_count is the signed sum of its redemptions and reversals (decision 231): a
    // difference is a defect, said loudly and rolled back, never rebuilt away.
    const { rows: wrong } = await client.query(USAGE_COUNT_MISMATCHES_SQL, [10]);
    if (wrong.length) {
      const list = wrong.map((w) => `${w.id} (usage_count ${w.usageCount}, rows ${w.signedSum})`).join(', ');
      throw new Error(
        `usage_count is not the signed sum of the redemptions and reversals of ${wrong.length === 10 ? 'at least 10 codes' : `${wrong.length} code(s)`}: ${list}`,
      );
    }
    // A redemption's status and cancel columns are the lists' index of its reversal row, written by the
    // same statement (decision 266): one that disagrees is a defect too, said loudly and rolled back.
    const { rows: flags } = await client.query(CANCEL_FLAG_MISMATCHES_SQL, [10]);
    if (flags.length) {
      const list = flags.map((f) => `${f.id} (${f.problem})`).join(', ');
      throw new Error(
        `the cancel columns disagree with the reversal rows of ${flags.length === 10 ? 'at least 10 redemptions' : `${flags.length} redemption(s)`}: ${list}`,
      );
    }
    // A member's per-member counter is the number of their redemptions not cancelled of that limit
    // group in that period (decision 322): a difference is a defect, said loudly and rolled back.
    const { rows: uses } = await client.query(MEMBER_USES_MISMATCHES_SQL, [10]);
    if (uses.length) {
      const list = uses
        .map(
          (u) =>
            `member ${u.memberId} group ${u.limitGroup} from ${u.periodStart} (member_uses ${u.used ?? 'missing'}, redemptions ${u.counted})`,
        )
        .join(', ');
      throw new Error(
        `member_uses disagrees with the redemptions of ${uses.length === 10 ? 'at least 10 counters' : `${uses.length} counter(s)`}: ${list}`,
      );
    }
    // A send's tally is its deliveries counted by their messages' state (members migration 0006): a
    // difference is a defect, said loudly and rolled back (skipped where there is no members schema,
    // or the URL's role may not read it: the vouchers role's).
    const { rows: tallies } = await client.query(
      `select case when to_regnamespace('members') is null then false
                   when not has_schema_privilege('members', 'usage') then false
                   when to_regclass('members.member_send_tallies') is null then false
                   else has_table_privilege('members.member_send_tallies', 'select')
                        and has_table_privilege('members.member_deliveries', 'select') end as present`,
    );
    if (tallies[0].present) {
      await client.query('set local search_path = members');
      const { rows: sends } = await client.query(SEND_TALLY_MISMATCHES_SQL, [10]);
      await client.query('set local search_path = vouchers');
      if (sends.length) {
        const list = sends
          .map((m) => `${m.sendId} (tally ${JSON.stringify(m.tallied)}, rows ${JSON.stringify(m.counted)})`)
          .join(', ');
        throw new Error(
          `member_send_tallies disagrees with the deliveries of ${sends.length === 10 ? 'at least 10 sends' : `${sends.length} send(s)`}: ${list}`,
        );
      }
    }
    await client.query('commit');
    const { rows } = await client.query(
      `select (select coalesce(sum(codes), 0) from code_tallies where scope_id = '00000000-0000-0000-0000-000000000000')::int as codes,
              (select coalesce(sum(redemptions), 0) from redemption_tallies where scope_id = '00000000-0000-0000-0000-000000000000')::int as redemptions`,
    );
    return rows[0];
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = platformEnv();
  const started = Date.now();
  rebuildStats(env.DATABASE_URL, env.BUSINESS_TIMEZONE).then(
    (figures) => {
      console.log(
        `stats rebuilt in ${Date.now() - started} ms: ${figures.codes} codes, ${figures.redemptions} redemptions`,
      );
    },
    (error) => {
      console.error(`stats:rebuild failed: ${error.message}`);
      process.exit(1);
    },
  );
}
