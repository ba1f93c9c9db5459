import {
  businessDayOf,
  businessDaySql,
  endOfBusinessDay,
  startOfBusinessDay,
  startOfBusinessDaySql,
} from '@avpass/domain';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing';

// The business day's TypeScript (libs/domain/src/business-day.ts) and its SQL twin, evaluated by the
// real PostgreSQL, agree at every instant around midnight and around both DST changes of each zone.

let db: TestDatabase;
let client: Client;

beforeAll(async () => {
  db = await createTestDatabase();
  client = new Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Instants every 20 minutes from a day before to two days after `changeUtc`, and a millisecond either
 * side of (and at) each local midnight and each start of day found on the way.
 */
function instantsAround(changeUtc: string, timeZone: string): Date[] {
  const change = Date.parse(changeUtc);
  const out = new Set<number>();
  for (let t = change - 30 * HOUR; t <= change + 54 * HOUR; t += 20 * MINUTE) {
    out.add(t);
    const start = startOfBusinessDay(new Date(t), timeZone).getTime();
    const end = endOfBusinessDay(businessDayOf(new Date(t), timeZone), timeZone).getTime();
    for (const edge of [start, end + 1]) for (const d of [-1, 0, 1]) out.add(edge + d);
  }
  return [...out].sort((a, b) => a - b).map((t) => new Date(t));
}

/** What PostgreSQL says for each instant: its business day, and the start of that day (epoch ms). */
async function inSql(instants: Date[], timeZone: string): Promise<{ day: string; start: string }[]> {
  const { rows } = await client.query<{ day: string; start: string }>(
    `select ${businessDaySql('t.at', '$2')}::text as day,
            (extract(epoch from ${startOfBusinessDaySql(businessDaySql('t.at', '$2'), '$2')}) * 1000)::bigint::text as start
       from unnest($1::timestamptz[]) with ordinality as t(at, n)
      order by t.n`,
    [instants.map((d) => d.toISOString()), timeZone],
  );
  return rows;
}

const CASES: { zone: string; change: string; what: string }[] = [
  { zone: 'Europe/Berlin', change: '2026-03-29T01:00:00Z', what: 'spring forward, 02:00 → 03:00' },
  { zone: 'Europe/Berlin', change: '2026-10-25T01:00:00Z', what: 'fall back, 03:00 → 02:00' },
  { zone: 'America/New_York', change: '2026-03-08T07:00:00Z', what: 'spring forward, 02:00 → 03:00' },
  { zone: 'America/New_York', change: '2026-11-01T06:00:00Z', what: 'fall back, 02:00 → 01:00' },
  { zone: 'America/Los_Angeles', change: '2026-11-01T09:00:00Z', what: 'fall back (the default zone)' },
  // Midnight itself skipped and repeated: the day starts once, at its first instant, in both.
  { zone: 'America/Havana', change: '2026-03-08T05:00:00Z', what: 'midnight skipped, 00:00 → 01:00' },
  { zone: 'America/Havana', change: '2026-11-01T05:00:00Z', what: 'midnight repeated, 01:00 → 00:00' },
  { zone: 'UTC', change: '2026-06-30T12:00:00Z', what: 'no change at all' },
];

describe('the business day in TypeScript and in SQL', () => {
  it.each(CASES)(
    '$zone, $what: the same day and the same start at every instant',
    async ({ zone, change }) => {
      const instants = instantsAround(change, zone);
      const sql = await inSql(instants, zone);
      const ts = instants.map((at) => ({
        day: businessDayOf(at, zone),
        start: String(startOfBusinessDay(at, zone).getTime()),
      }));
      const disagreements = instants
        .map((at, i) => ({ at: at.toISOString(), ts: ts[i], sql: sql[i] }))
        .filter(({ ts: a, sql: b }) => a!.day !== b!.day || a!.start !== b!.start);
      expect(disagreements).toEqual([]);
      // The window crosses at least three local midnights (so the check is not vacuous).
      expect(new Set(ts.map((t) => t.day)).size).toBeGreaterThanOrEqual(3);
    },
  );

  it('examples a reader can check by hand', () => {
    // 23:30 in Berlin on the night of the spring change is still the 28th; 00:30 is the 29th.
    expect(businessDayOf(new Date('2026-03-28T22:30:00Z'), 'Europe/Berlin')).toBe('2026-03-28');
    expect(businessDayOf(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(startOfBusinessDay(new Date('2026-10-25T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-10-24T22:00:00.000Z',
    );
    expect(startOfBusinessDay(new Date('2026-10-26T12:00:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
    expect(businessDaySql('r.redeemed_at')).toBe('(r.redeemed_at at time zone ?)::date');
  });
});
