import { formatDate } from '@avpass/domain';
import type { PendingRedeem, RedeemResult } from './queue-types';

/** A redeem this till made without a connection today: still waiting, or what came of it. */
export interface OfflineTodayEntry {
  state: 'waiting' | 'accepted' | 'refused';
  item: PendingRedeem | RedeemResult;
}

/**
 * What the till did offline today (the day of `now` in `timeZone`), newest scan first: the redeems
 * waiting to be sent and those sent since. "Today at this till" shows them while it cannot load the
 * server's list.
 */
export function offlineToday(
  pending: PendingRedeem[],
  results: RedeemResult[],
  now: Date,
  timeZone: string,
): OfflineTodayEntry[] {
  const today = formatDate(now, timeZone);
  const entries: OfflineTodayEntry[] = [
    ...pending.map((item) => ({ state: 'waiting' as const, item })),
    ...results.map((item) => ({ state: item.outcome, item })),
  ];
  return entries
    .filter((entry) => formatDate(entry.item.scannedAt, timeZone) === today)
    .sort((a, b) => Date.parse(b.item.scannedAt) - Date.parse(a.item.scannedAt));
}
