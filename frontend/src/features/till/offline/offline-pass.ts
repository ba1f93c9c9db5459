import type { TillHolder } from '@avpass/contracts';
import {
  businessDayOf,
  judgePass,
  looksLikePass,
  parsePass,
  type PassClaims,
  type PassPublicKey,
  type PassRefusal,
  type PassVerifier,
} from '@avpass/domain';
import type { CopyCode } from './copy-types';
import { decideOffline, type OfflineVerdict } from './offline-check';
import type { PendingRedeem, RedeemResult } from './queue-types';

/**
 * A member pass scanned without a connection (issue 43): the till judges the code itself (judgePass:
 * the signature with the public keys it keeps, the time step against its own clock, the revocations it
 * kept), then offers the member's vouchers from its offline copy, each decided as a scanned code is
 * (decideOffline), and the club's per-member daily cap counted from the copy's figure and this till's
 * own queue. Pure: the hook reads the stores, this decides.
 */

/** Google Wallet's rotating barcode (TOTP, issue 43 H5): checked by the server only. */
export const TOTP_PASS_PREFIX = 'AVPT:';

/** Whether a scanned or typed text is a member pass (signed or Google's TOTP): it goes to the pass check. */
export function isPassText(text: string): boolean {
  return looksLikePass(text) || text.trim().toUpperCase().startsWith(TOTP_PASS_PREFIX);
}

/**
 * Why the offline till refuses a pass: judgePass's refusals, and two of its own: `needs_connection`
 * (a Google Wallet TOTP code, or Apple Wallet's static code whose second factor only the server knows)
 * and `no_keys` (the till has not read the pass keys yet).
 */
export type OfflinePassRefusal = PassRefusal | 'needs_connection' | 'no_keys';

export interface DailyCapUse {
  /** The member's redemptions today: the copy's figure, plus this till's own since. */
  used: number;
  limit: number;
}

export type OfflinePassAnswer =
  | { ok: false; refusal: OfflinePassRefusal; claims?: PassClaims }
  | {
      ok: true;
      claims: PassClaims;
      /** From the member's held codes in the copy (absent: none of theirs is here). */
      holder?: TillHolder;
      /** The member's codes in the copy, each as the offline check decides it, the redeemable first. */
      vouchers: OfflineVerdict[];
      dailyCap?: DailyCapUse;
    };

/** What the offline judgement reads: the kept keys and revocations, and the member's codes in the copy. */
export interface PassLookup {
  keys: readonly PassPublicKey[];
  revokedVersion: (memberId: string) => Promise<number | undefined>;
  codesOf: (memberId: string) => Promise<CopyCode[]>;
}

/**
 * The member's redemptions today as this till counts them: the copy's figure (the highest a held
 * code of theirs carries for today), plus this till's queued ones of today, plus those it sent since
 * the copy was read (accepted, not yet in the copy's figure).
 */
export function dailyUsesOf(input: {
  memberId: string;
  codes: readonly CopyCode[];
  pending: readonly PendingRedeem[];
  results: readonly RedeemResult[];
  now: Date;
  timeZone: string;
  syncedAt: string;
}): number {
  const { memberId, now, timeZone, syncedAt } = input;
  const today = businessDayOf(now, timeZone);
  const copied = Math.max(
    0,
    ...input.codes.map((code) => (code.memberDay?.day === today ? code.memberDay.used : 0)),
  );
  const mineToday = (item: PendingRedeem) =>
    item.memberId === memberId && businessDayOf(new Date(item.scannedAt), timeZone) === today;
  const queued = input.pending.filter(mineToday).length;
  const sentSince = input.results.filter(
    (result) => result.outcome === 'accepted' && mineToday(result) && result.settledAt > syncedAt,
  ).length;
  return copied + queued + sentSince;
}

export async function judgePassOffline(input: {
  text: string;
  now: Date;
  lookup: PassLookup;
  verify: PassVerifier;
  pending: readonly PendingRedeem[];
  results: readonly RedeemResult[];
  timeZone: string;
  shopName: string;
  /** When the copy was read (ISO). */
  syncedAt: string;
  /** The club's per-member daily cap (null or absent: none). */
  dailyCap?: number | null;
}): Promise<OfflinePassAnswer> {
  const { text, now, lookup } = input;
  if (!looksLikePass(text))
    return { ok: false, refusal: isPassText(text) ? 'needs_connection' : 'not_a_pass' };
  if (lookup.keys.length === 0) return { ok: false, refusal: 'no_keys' };
  const parsed = parsePass(text);
  const currentVersion = parsed ? await lookup.revokedVersion(parsed.memberId) : undefined;
  const judgement = await judgePass(text, {
    nowMs: now.getTime(),
    keys: lookup.keys,
    verify: input.verify,
    ...(currentVersion !== undefined ? { currentVersion } : {}),
  });
  if (!judgement.ok) return judgement;
  const { claims } = judgement;
  // Apple Wallet's static code: genuine, but its second factor is known to the server only.
  if (claims.kind === 'static') return { ok: false, refusal: 'needs_connection', claims };

  const codes = await lookup.codesOf(claims.memberId);
  const verdicts = codes.map((code) =>
    decideOffline({
      key: { kind: 'id', id: code.id, foreign: false },
      code,
      pending: input.pending,
      now,
      timeZone: input.timeZone,
      shopName: input.shopName,
    }),
  );
  const limit = input.dailyCap ?? null;
  const dailyCap =
    limit === null
      ? undefined
      : {
          limit,
          used: dailyUsesOf({
            memberId: claims.memberId,
            codes,
            pending: input.pending,
            results: input.results,
            now,
            timeZone: input.timeZone,
            syncedAt: input.syncedAt,
          }),
        };
  const capped = dailyCap !== undefined && dailyCap.used >= dailyCap.limit;
  const vouchers = verdicts
    .map(
      (verdict): OfflineVerdict =>
        capped && verdict.redeemable
          ? {
              ...verdict,
              redeemable: false,
              refusal: 'member_daily_cap',
              reason: dailyCapMessage(limit!),
              dailyCapLimit: limit!,
            }
          : verdict,
    )
    .sort((a, b) => Number(b.redeemable) - Number(a.redeemable));
  const holder = codes.find((code) => code.holder)?.holder;
  return {
    ok: true,
    claims,
    vouchers,
    ...(holder ? { holder } : {}),
    ...(dailyCap ? { dailyCap } : {}),
  };
}

/** The server's words for the daily cap (H2's message; the till says it from its catalogs). */
export const dailyCapMessage = (limit: number) =>
  `This member has reached the daily limit of ${limit} ${limit === 1 ? 'use' : 'uses'}`;
