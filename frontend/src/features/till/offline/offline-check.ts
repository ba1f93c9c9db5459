import {
  memberLimitMessage,
  NOT_OUR_VOUCHER_MESSAGE,
  notValidAtMessage,
  REDEEM_REFUSALS,
  UUID_PATTERN,
  validFromMessage,
  type MemberUses,
  type TillCopyCode,
  type TillHolder,
  type TillRefusal,
} from '@avpass/contracts';
import {
  businessDayOf,
  formatDate,
  memberPeriodStart,
  UNLIMITED_USAGE_LIMIT,
  voucherStatus,
} from '@avpass/domain';

/**
 * The till's answer without a connection (issue 37), from its offline copy: the same refusals as the
 * server's check, in the same words, and this till's own queued uses counted against "uses left".
 * Pure functions: the hook reads the copy and the queue, these decide.
 */

/** What a scanned or typed text stands for. `foreign`: a voucher link on another host. */
export type OfflineKey =
  | { kind: 'id'; id: string; foreign: boolean }
  | { kind: 'prefix'; prefix: string }
  | { kind: 'not_ours' };

/**
 * Why the offline copy says no: the server's words, plus "not in the copy" and "not ours", and the
 * club's per-member daily cap reached (counted per till, issue 43).
 */
export type OfflineRefusal = TillRefusal | 'not_found' | 'not_ours' | 'member_daily_cap';

export interface OfflineVerdict {
  /** The code in the copy (null: not in it, or not ours). */
  code: TillCopyCode | null;
  redeemable: boolean;
  refusal?: OfflineRefusal;
  /** The refusal in words, as the server's check would say it. */
  reason?: string;
  /** Uses left after this till's queued ones; null: unlimited. */
  usesLeft: number | null;
  /** This till's queued (not yet sent) redeems of the code. */
  queued: number;
  /** A held code's holder, as the online till shows it (issue 41). */
  holder?: TillHolder;
  /** A code limited per member: its holder's uses this period, this till's queued ones counted. */
  memberUses?: MemberUses;
  /** `not_found`: the shop the code is not valid at (its reason names it). */
  shop?: string;
  /** `member_daily_cap`: the club's daily cap per member. */
  dailyCapLimit?: number;
}

/**
 * The holder's uses of a code limited per member now (decision 338): the copy's count while its period
 * lasts (from 0 in a later one), plus this till's queued uses of the code, counted until they are sent.
 */
export function memberUsesNow(
  code: TillCopyCode,
  queued: number,
  now: Date,
  timeZone: string,
): MemberUses | undefined {
  const uses = code.memberUses;
  if (!uses) return undefined;
  const current = memberPeriodStart(uses.period, businessDayOf(now, timeZone)) === uses.periodStart;
  return { used: (current ? uses.used : 0) + queued, limit: uses.limit, period: uses.period };
}

/** The code not in the copy: another shop's, or no code at all. */
export const notInCopyMessage = (shop: string) => `${notValidAtMessage(shop)}, or it was not found`;

const VOUCHER_PATH = /^\/voucher\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SHORT_CODE = /^[0-9a-f]{8}$/i;

/**
 * Reads a scan or an entry as the server does: one of our voucher links (http(s), path exactly
 * /voucher/{id}), an id, or the 8 characters printed on cards (spaces and dashes ignored).
 */
export function offlineKeyOf(text: string, ownHost?: string): OfflineKey {
  const typed = text.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(typed)) {
    let url: URL;
    try {
      url = new URL(typed);
    } catch {
      return { kind: 'not_ours' };
    }
    const path = VOUCHER_PATH.exec(url.pathname);
    if (!/^https?:$/.test(url.protocol) || !path || url.username || url.password) return { kind: 'not_ours' };
    return {
      kind: 'id',
      id: path[1]!.toLowerCase(),
      foreign: ownHost !== undefined && url.host.toLowerCase() !== ownHost.toLowerCase(),
    };
  }
  if (UUID_PATTERN.test(typed)) return { kind: 'id', id: typed.toLowerCase(), foreign: false };
  const short = typed.replace(/[\s-]+/g, '');
  if (SHORT_CODE.test(short)) return { kind: 'prefix', prefix: short.toLowerCase() };
  return { kind: 'not_ours' };
}

/** How many of the queued redeems are of `code` (queued by id, by link or by its 8 characters). */
export function queuedUsesOf(code: TillCopyCode, pending: readonly { code: string }[]): number {
  return pending.filter((item) => {
    const key = offlineKeyOf(item.code);
    return key.kind === 'id' ? key.id === code.id : key.kind === 'prefix' && key.prefix === code.prefix;
  }).length;
}

/**
 * Whether this till may honour the code now, from the copy: not in it (another shop's, or unknown),
 * then the voucher's status as the server's rule decides it (inactive, used up counting this till's
 * queued uses, expired, upcoming), in the business time zone, then a held code's per-member limit
 * (its holder's uses this period and this till's queued ones).
 */
export function decideOffline(input: {
  key: OfflineKey;
  code: TillCopyCode | undefined;
  pending: readonly { code: string }[];
  now: Date;
  timeZone: string;
  shopName: string;
}): OfflineVerdict {
  const { key, code, now, timeZone } = input;
  if (key.kind === 'not_ours' || (!code && key.kind === 'id' && key.foreign)) {
    return {
      code: null,
      redeemable: false,
      refusal: 'not_ours',
      reason: NOT_OUR_VOUCHER_MESSAGE,
      usesLeft: null,
      queued: 0,
    };
  }
  if (!code) {
    return {
      code: null,
      redeemable: false,
      refusal: 'not_found',
      reason: notInCopyMessage(input.shopName),
      shop: input.shopName,
      usesLeft: null,
      queued: 0,
    };
  }
  const queued = queuedUsesOf(code, input.pending);
  const usesLeft = code.usesLeft === null ? null : Math.max(code.usesLeft - queued, 0);
  const status = voucherStatus(
    {
      isActive: code.active,
      // What is left of the copy's count, less this till's own queued uses.
      usageCount: code.usesLeft === null ? 0 : queued,
      usageLimit: code.usesLeft ?? UNLIMITED_USAGE_LIMIT,
      expirationDate: code.expirationDate,
      startDate: code.startDate,
    },
    now,
    timeZone,
  );
  const memberUses = memberUsesNow(code, queued, now, timeZone);
  const answer = {
    code,
    usesLeft,
    queued,
    ...(code.holder ? { holder: code.holder } : {}),
    ...(memberUses ? { memberUses } : {}),
  };
  switch (status) {
    case 'active':
      // As the online check: the voucher's own refusals first, then the holder's limit.
      if (memberUses && memberUses.used >= memberUses.limit)
        return {
          ...answer,
          redeemable: false,
          refusal: 'member_limit',
          reason: memberLimitMessage(memberUses.limit, memberUses.period),
        };
      return { ...answer, redeemable: true };
    case 'upcoming':
      return {
        ...answer,
        redeemable: false,
        refusal: 'upcoming',
        reason: code.startDate
          ? validFromMessage(formatDate(code.startDate, timeZone))
          : REDEEM_REFUSALS.upcoming,
      };
    case 'inactive':
    case 'used_up':
    case 'expired':
      return { ...answer, redeemable: false, refusal: status, reason: REDEEM_REFUSALS[status] };
  }
}
