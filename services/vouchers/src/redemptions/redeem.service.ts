import {
  memberDailyCapMessage,
  outsideHoursMessage,
  REDEEM_REFUSALS,
  SELF_SERVICE_REDEEMER,
  STAFF_ONLY_MESSAGE,
  type RedemptionChannel,
  type TillRefusal,
  validFromMessage,
  UUID_PATTERN,
  type RedeemResponse,
  type RpcMeta,
  RPC,
} from '@avpass/contracts';
import {
  businessDayOf,
  discountApplied,
  formatDate,
  isMinuteInWindow,
  minuteOfBusinessDay,
  voucherStatus,
} from '@avpass/domain';
import {
  DomainError,
  exportMetrics,
  Idempotency,
  voucherRedeemsTotal,
  type IdempotentCall,
  type StatementClaim,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { earliestValidExpiry } from '../business-day';
import { type QrCode, toPublicVoucher, QrCodesRepository } from '../codes';
import { voucherNotFound } from '../codes';
import { MemberDaysRepository, MemberLimits } from '../holders';
import { VouchersSettings } from '../settings';
import { TrainersRepository, type TillTerms } from '../trainers';
import { describeDevice } from './device';
import { RedeemRateLimiter } from './redeem-rate-limiter';
import { PartnerDetails } from '../assignment';
import { RedemptionsRepository, type RedeemedCode } from './redemptions.repository';
import { redemptionMoneyOf } from './redemption-view';

export const REDEEMED_MESSAGE = 'Voucher redeemed successfully';

/**
 * Whose Idempotency-Key a member's own redeem is: the member is anonymous, so the key itself must be
 * one nobody else can know or pick by chance, a random UUID (what the voucher page sends), and all
 * anonymous redeems share this caller (decision 146). A signed-in user's key is the user's own.
 */
export const ANONYMOUS_CALLER = 'anonymous';
export const ANONYMOUS_KEY_MESSAGE = "A member's redeem needs an Idempotency-Key that is a random UUID";

/** Where and by whom a redeem is made (issue 25): the public page's, or a till's. */
export interface RedeemOrigin {
  channel: RedemptionChannel;
  /** The till's partner (null: the code's one partner, if it has exactly one). */
  partnerId: string | null;
  partnerName: string | null;
  /** The till's partner when it must be one that may honour the code (not for the administrator). */
  honouredBy: string | null;
  redeemedBy: string;
  redeemedByUserId: string | null;
  scannedAt: string | null;
}

/** A member's own redeem on the public voucher page. */
export const SELF_SERVICE: RedeemOrigin = {
  channel: 'self',
  partnerId: null,
  partnerName: null,
  honouredBy: null,
  redeemedBy: SELF_SERVICE_REDEEMER,
  redeemedByUserId: null,
  scannedAt: null,
};

/** What one counted use answers with, before it is shaped for a caller. */
export interface RedeemOutcome {
  redemptionId: string;
  code: RedeemedCode;
  /** When it was counted (the service's clock) and the sale it recorded, if any. */
  at: string;
  transactionAmount: number | null;
  discountApplied: number | null;
  /** The partner's name it records (the till's, or the code's one partner's), or null. */
  partnerName: string | null;
}

/** What the statement's claim of an Idempotency-Key keeps: the redemption it made (Idempotency.onceInStatement). */
interface RedeemReference {
  redemptionId: string;
}

@Injectable()
export class RedeemService {
  constructor(
    private readonly redemptions: RedemptionsRepository,
    private readonly codes: QrCodesRepository,
    private readonly settings: VouchersSettings,
    private readonly rateLimiter: RedeemRateLimiter,
    private readonly till: TrainersRepository,
    private readonly partners: PartnerDetails,
    private readonly idempotency: Idempotency,
    private readonly memberLimits: MemberLimits,
    private readonly memberDays: MemberDaysRepository,
  ) {
    exportMetrics(voucherRedeemsTotal);
  }

  async redeem(
    id: string,
    idempotencyKey: string | undefined,
    meta: RpcMeta,
    transactionAmount?: number,
  ): Promise<RedeemResponse> {
    if (!UUID_PATTERN.test(id)) throw voucherNotFound();
    const codeId = id.toLowerCase();
    const caller = this.callerOf(meta, idempotencyKey);
    try {
      await this.rateLimiter.countAttempt(meta.ip, codeId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'RATE_LIMITED')
        voucherRedeemsTotal.inc({ outcome: 'rate_limited' });
      throw error;
    }

    const request = { id: codeId, idempotencyKey, transactionAmount };
    const call: IdempotentCall = { actor: { userId: caller }, operation: RPC.vouchers.redeem, request };
    return this.countOnce(
      codeId,
      call,
      meta,
      transactionAmount,
      SELF_SERVICE,
      (outcome) => {
        voucherRedeemsTotal.inc({ outcome: 'redeemed' });
        return {
          message: REDEEMED_MESSAGE,
          redemptionId: outcome.redemptionId,
          fundedBy: outcome.code.redemptionFundedBy,
          reimbursementCents: outcome.code.reimbursementCents,
          noSaleAmount: outcome.code.noSaleAmount,
          voucher: toPublicVoucher(
            { ...outcome.code, createdAt: new Date(outcome.code.createdAt) },
            this.settings.mapping(),
          ),
        };
      },
      // The key's fingerprint holds the code's id: a replay is of this code.
      (redemptionId) => this.answer(codeId, redemptionId),
    );
  }

  /**
   * Counts one use of the code from `origin` in one statement and answers `shape(outcome)`, or throws
   * the refusal. With an Idempotency-Key (in `call`, scoped to its caller and operation) the statement
   * also claims the key (Idempotency.onceInStatement): a repeat, or a concurrent twin, answers
   * `replay(redemptionId)` of the first redemption, even if the code has run out since; the same key
   * with another request is a 409. Without a key it is the one statement and nothing more.
   */
  async countOnce<T>(
    codeId: string,
    call: IdempotentCall,
    meta: RpcMeta,
    transactionAmount: number | undefined,
    origin: RedeemOrigin,
    shape: (outcome: RedeemOutcome) => T | Promise<T>,
    replay: (redemptionId: string) => Promise<T>,
  ): Promise<T> {
    // A sale at the till is priced from the code's discount and rules (which never change once made).
    let sale: { transactionAmount: number; discountApplied: number } | null = null;
    if (transactionAmount !== undefined) {
      const terms = await this.till.tillTerms(codeId);
      if (!terms) throw voucherNotFound();
      sale = { transactionAmount, discountApplied: discountApplied(terms, transactionAmount) };
    }
    const now = this.settings.now();
    const reference: RedeemReference = { redemptionId: randomUUID() };
    const answer = await this.idempotency.onceInStatement(
      call,
      reference,
      async (claim) => {
        const outcome = await this.count(codeId, reference.redemptionId, claim, meta, now, sale, origin);
        return outcome ? shape(outcome) : null;
      },
      (earlier) => replay(earlier.redemptionId),
    );
    if (answer !== null) return answer;
    const code = await this.codes.findCurrent(codeId);
    const terms = code ? await this.till.tillTerms(codeId) : null;
    // Nothing else refuses it: its holder's per-member limit did (the statement's pre-check or counter).
    const overLimit =
      code && !this.refusalOf(code, now, terms, origin.channel)
        ? await this.memberLimits.overLimitRefusal(code, now)
        : null;
    if (overLimit) {
      voucherRedeemsTotal.inc({ outcome: overLimit.word });
      throw DomainError.conflict(overLimit.message);
    }
    // Or the club's daily cap on the holder's redemptions of that day (issue 43).
    const capped =
      code?.holderMemberId && !this.refusalOf(code, now, terms, origin.channel)
        ? await this.dailyCapRefusal(code.holderMemberId, this.memberDayOf(now, origin))
        : null;
    if (capped) {
      voucherRedeemsTotal.inc({ outcome: 'member_daily_cap' });
      throw DomainError.conflict(capped);
    }
    throw this.refusal(code, now, terms, origin.channel);
  }

  /** One counted use (the statement, with the key's claim if any), or null when nothing changed. */
  private async count(
    codeId: string,
    redemptionId: string,
    claim: StatementClaim | null,
    meta: RpcMeta,
    now: Date,
    sale: { transactionAmount: number; discountApplied: number } | null,
    origin: RedeemOrigin,
  ): Promise<RedeemOutcome | null> {
    const validFrom = earliestValidExpiry(now, this.settings.timeZone);
    // A date-only start is valid from the start of its business day: any start up to today's date.
    // Today's business date is also the day the tallies count the redeem on.
    const today = businessDayOf(now, this.settings.timeZone);
    const userAgent = meta.userAgent?.slice(0, 1000) ?? null;
    const at = now.toISOString();
    // One statement (see RedemptionsRepository): the check, the count, the redemption and its event.
    const row = await this.redemptions.recordRedemption({
      codeId,
      validFrom,
      startedBy: today,
      redemptionId,
      at,
      day: today,
      memberDay: this.memberDayOf(now, origin),
      deviceInfo: describeDevice(userAgent),
      ipAddress: meta.ip ?? null,
      userAgent,
      claim,
      minuteOfDay: minuteOfBusinessDay(now, this.settings.timeZone),
      transactionAmount: sale?.transactionAmount ?? null,
      discountApplied: sale?.discountApplied ?? null,
      ...origin,
      meta,
    });
    if (!row) return null;
    // A redeem counted at the code's one partner (the statement chose it): its name, as it is now.
    let partnerName = origin.partnerName;
    if (!partnerName && row.redemptionPartnerId) {
      const [partner] = (await this.partners.of([row.redemptionPartnerId])) ?? [];
      if (partner) {
        await this.redemptions.namePartner(redemptionId, partner.name);
        partnerName = partner.name;
      }
    }
    return {
      redemptionId,
      code: row,
      at,
      transactionAmount: sale?.transactionAmount ?? null,
      discountApplied: sale?.discountApplied ?? null,
      partnerName,
    };
  }

  /**
   * The business day a held code's use counts on under the daily cap (issue 43): a scan kept offline
   * counts on the day it was scanned, anything else today.
   */
  private memberDayOf(now: Date, origin: RedeemOrigin): string {
    return businessDayOf(origin.scannedAt ? new Date(origin.scannedAt) : now, this.settings.timeZone);
  }

  /** The cap's refusal when the holder has used it up on `day`; null: no cap, or room left. */
  private async dailyCapRefusal(memberId: string, day: string): Promise<string | null> {
    const { used, cap } = await this.memberDays.usesOn(memberId, day);
    return cap !== null && used >= cap ? memberDailyCapMessage(cap) : null;
  }

  /** The caller a public redeem's key is scoped to: the signed-in user, else ANONYMOUS_CALLER. */
  private callerOf(meta: RpcMeta, idempotencyKey: string | undefined): string {
    if (meta.actor) return meta.actor.userId;
    if (idempotencyKey !== undefined && !UUID_PATTERN.test(idempotencyKey))
      throw DomainError.validation(ANONYMOUS_KEY_MESSAGE, { idempotencyKey: [ANONYMOUS_KEY_MESSAGE] });
    return ANONYMOUS_CALLER;
  }

  /** The first outcome again: the same redemption, with the voucher as it stands now. */
  private async answer(codeId: string, redemptionId: string): Promise<RedeemResponse> {
    const code = await this.codes.findCurrent(codeId);
    const frozen = await this.redemptions.frozenMoney(redemptionId);
    if (!code || !frozen) throw voucherNotFound();
    return {
      message: REDEEMED_MESSAGE,
      redemptionId,
      ...redemptionMoneyOf(frozen),
      voucher: toPublicVoucher(code, this.settings.mapping()),
    };
  }

  /** The refusal of a redeem that counted nothing, as the error it answers (and its metric). */
  refusal(
    code: QrCode | null,
    now: Date,
    terms: TillTerms | null,
    channel: RedemptionChannel = 'self',
  ): DomainError {
    if (!code) return voucherNotFound();
    const found = this.refusalOf(code, now, terms, channel);
    // 'active' with nothing to refuse: an unlimited code at its ceiling, which cannot count further.
    const { word, message } = found ?? { word: 'used_up' as const, message: REDEEM_REFUSALS.used_up };
    voucherRedeemsTotal.inc({ outcome: word });
    return word === 'staff_only' ? DomainError.forbidden(message) : DomainError.conflict(message);
  }

  /**
   * Why `code` cannot be redeemed now through `channel`, in a word and in words, by the rules of the
   * redeem statement (the till's check asks the same without counting); null: nothing refuses it.
   */
  refusalOf(
    code: QrCode,
    now: Date,
    terms: TillTerms | null,
    channel: RedemptionChannel,
  ): { word: Exclude<TillRefusal, 'not_valid_here'> | 'staff_only'; message: string } | null {
    if (channel === 'self' && code.redemptionMode === 'staff')
      return { word: 'staff_only', message: STAFF_ONLY_MESSAGE };
    const status = voucherStatus(code, now, this.settings.timeZone);
    const { validHoursStart: start, validHoursEnd: end } = terms ?? {};
    if (
      status === 'active' &&
      start != null &&
      end != null &&
      !isMinuteInWindow(minuteOfBusinessDay(now, this.settings.timeZone), start, end)
    ) {
      return { word: 'outside_hours', message: outsideHoursMessage(hhmm(start), hhmm(end)) };
    }
    if (status === 'upcoming')
      return {
        word: 'upcoming',
        message: code.startDate
          ? validFromMessage(formatDate(code.startDate, this.settings.timeZone))
          : REDEEM_REFUSALS.upcoming,
      };
    if (status === 'active') return null;
    return { word: status, message: REDEEM_REFUSALS[status] };
  }
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
