import {
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
} from '@avpass/contracts';
import {
  discountApplied,
  formatDate,
  isMinuteInWindow,
  minuteOfBusinessDay,
  todayInTimeZone,
  voucherStatus,
} from '@avpass/domain';
import { DomainError, exportMetrics, voucherRedeemsTotal } from '@avpass/platform';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { earliestValidExpiry } from '../business-day';
import type { QrCode } from '../codes/qr-code.entity';
import { toPublicVoucher } from '../codes/qr-code.mapper';
import { QrCodesRepository } from '../codes/qr-codes.repository';
import { voucherNotFound } from '../codes/qr-codes.service';
import type { Redemption } from '../codes/redemption.entity';
import { VouchersSettings } from '../settings';
import { TrainersRepository, type TillTerms } from '../trainers/trainers.repository';
import { describeDevice } from './device';
import { RedeemRateLimiter } from './redeem-rate-limiter';
import { PartnerDetails } from '../assignment/partner-details';
import { RedemptionsRepository, type RedeemedCode } from './redemptions.repository';

export const REDEEMED_MESSAGE = 'Voucher redeemed successfully';

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

const isUniqueViolation = (error: unknown) =>
  error instanceof UniqueConstraintViolationException ||
  (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505');

@Injectable()
export class RedeemService {
  constructor(
    private readonly redemptions: RedemptionsRepository,
    private readonly codes: QrCodesRepository,
    private readonly settings: VouchersSettings,
    private readonly rateLimiter: RedeemRateLimiter,
    private readonly till: TrainersRepository,
    private readonly partners: PartnerDetails,
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
    try {
      await this.rateLimiter.check(meta.ip, codeId);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'RATE_LIMITED')
        voucherRedeemsTotal.inc({ outcome: 'rate_limited' });
      throw error;
    }

    if (idempotencyKey) {
      const earlier = await this.replay(codeId, idempotencyKey);
      if (earlier) return earlier;
    }
    try {
      const outcome = await this.count(codeId, idempotencyKey, meta, transactionAmount, SELF_SERVICE);
      if ('message' in outcome) return outcome;
      voucherRedeemsTotal.inc({ outcome: 'redeemed' });
      return {
        message: REDEEMED_MESSAGE,
        redemptionId: outcome.redemptionId,
        voucher: toPublicVoucher(
          { ...outcome.code, createdAt: new Date(outcome.code.createdAt) },
          this.settings.mapping(),
        ),
      };
    } catch (error) {
      // A concurrent request with the same key won: answer with its outcome.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await this.replay(codeId, idempotencyKey);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  /**
   * Counts one use of the code from `origin` in one statement, or throws the refusal. A retried
   * Idempotency-Key whose first outcome stands answers that outcome (a RedeemResponse) instead.
   */
  async count(
    codeId: string,
    idempotencyKey: string | undefined,
    meta: RpcMeta,
    transactionAmount: number | undefined,
    origin: RedeemOrigin,
  ): Promise<RedeemOutcome | RedeemResponse> {
    // A sale at the till is priced from the code's discount and rules (which never change once made).
    let sale: { transactionAmount: number; discountApplied: number } | null = null;
    if (transactionAmount !== undefined) {
      const terms = await this.till.tillTerms(codeId);
      if (!terms) throw voucherNotFound();
      sale = { transactionAmount, discountApplied: discountApplied(terms, transactionAmount) };
    }
    const now = this.settings.now();
    const validFrom = earliestValidExpiry(now, this.settings.timeZone);
    // A date-only start is valid from the start of its business day: any start up to today's date.
    // Today's business date is also the day the tallies count the redeem on.
    const today = todayInTimeZone(now, this.settings.timeZone);
    const userAgent = meta.userAgent?.slice(0, 1000) ?? null;
    const redemptionId = randomUUID();
    const at = now.toISOString();
    // One statement (see RedemptionsRepository): the check, the count, the redemption and its event.
    const row = await this.redemptions.redeem({
      codeId,
      validFrom,
      startedBy: today,
      redemptionId,
      at,
      day: today,
      deviceInfo: describeDevice(userAgent),
      ipAddress: meta.ip ?? null,
      userAgent,
      idempotencyKey: idempotencyKey ?? null,
      minuteOfDay: minuteOfBusinessDay(now, this.settings.timeZone),
      transactionAmount: sale?.transactionAmount ?? null,
      discountApplied: sale?.discountApplied ?? null,
      ...origin,
      meta,
    });
    if (!row) {
      // The first outcome of a retried request stands, even if the code has since run out.
      if (idempotencyKey) {
        const earlier = await this.replay(codeId, idempotencyKey);
        if (earlier) return earlier;
      }
      const code = await this.codes.findCurrent(codeId);
      throw this.refusal(code, now, code ? await this.till.tillTerms(codeId) : null, origin.channel);
    }
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

  private async replay(codeId: string, idempotencyKey: string): Promise<RedeemResponse | null> {
    const earlier = await this.redemptions.findByIdempotencyKey(codeId, idempotencyKey);
    return earlier ? this.answer(earlier) : null;
  }

  /** The first outcome again: the same redemption, with the voucher as it stands now. */
  private async answer(redemption: Redemption): Promise<RedeemResponse> {
    const code = await this.codes.findCurrent(redemption.qrCodeId);
    if (!code) throw voucherNotFound();
    return {
      message: REDEEMED_MESSAGE,
      redemptionId: redemption.id,
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
