import { describe, expect, it } from 'vitest';
import { offlineToday } from './offline-today';
import type { PendingRedeem, RedeemResult } from './queue-types';

const LA = 'America/Los_Angeles';
const item = (key: string, scannedAt: string): PendingRedeem => ({
  idempotencyKey: key,
  code: key,
  scannedAt,
  savedAt: scannedAt,
  userId: 'u1',
});
const settled = (key: string, scannedAt: string, outcome: 'accepted' | 'refused'): RedeemResult => ({
  ...item(key, scannedAt),
  outcome,
  settledAt: scannedAt,
});

describe('what the till did offline today', () => {
  // 10:00 PM on Mar 8 in Los Angeles (already Mar 9 in UTC).
  const now = new Date('2026-03-09T06:00:00Z');

  it('lists the waiting and the sent redeems of the day, newest scan first', () => {
    const entries = offlineToday(
      [item('waiting', '2026-03-09T05:00:00Z')],
      [
        settled('accepted', '2026-03-08T20:00:00Z', 'accepted'),
        settled('refused', '2026-03-09T05:30:00Z', 'refused'),
      ],
      now,
      LA,
    );
    expect(entries.map((e) => [e.item.idempotencyKey, e.state])).toEqual([
      ['refused', 'refused'],
      ['waiting', 'waiting'],
      ['accepted', 'accepted'],
    ]);
  });

  it("leaves out what was scanned on another day in the till's zone", () => {
    // 7:00 AM UTC on Mar 8 is still Mar 7 in Los Angeles.
    const entries = offlineToday([item('yesterday', '2026-03-08T07:00:00Z')], [], now, LA);
    expect(entries).toEqual([]);
  });
});
