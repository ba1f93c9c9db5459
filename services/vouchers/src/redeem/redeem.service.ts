import {
  outsideHoursMessage,
  REDEEM_REFUSALS,
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
import { RedemptionsRepository } from './redemptions.repository';

export const REDEEMED_MESSAGE = 'Voucher redeemed successfully';

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
      return await this.redeemOnce(codeId, idempotencyKey, meta, transactionAmount);
    } catch (error) {
      // A concurrent request with the same key won: answer with its outcome.
      if (idempotencyKey && isUniqueViolation(error)) {
        const earlier = await this.replay(codeId, idempotencyKey);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  private async redeemOnce(
    codeId: string,
    idempotencyKey: string | undefined,
    meta: RpcMeta,
    transactionAmount: number | undefined,
  ): Promise<RedeemResponse> {
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
    const startedBy = todayInTimeZone(now, this.settings.timeZone);
    const userAgent = meta.userAgent?.slice(0, 1000) ?? null;
    const redemptionId = randomUUID();
    const at = now.toISOString();
    // One statement (see RedemptionsRepository): the check, the count, the redemption and its event.
    const row = await this.redemptions.redeem({
      codeId,
      validFrom,
      startedBy,
      redemptionId,
      at,
      day: todayInTimeZone(now, this.settings.timeZone),
      deviceInfo: describeDevice(userAgent),
      ipAddress: meta.ip ?? null,
      userAgent,
      idempotencyKey: idempotencyKey ?? null,
      minuteOfDay: minuteOfBusinessDay(now, this.settings.timeZone),
      transactionAmount: sale?.transactionAmount ?? null,
      discountApplied: sale?.discountApplied ?? null,
    });
    if (!row) {
      // The first outcome of a retried request stands, even if the code has since run out.
      if (idempotencyKey) {
        const earlier = await this.replay(codeId, idempotencyKey);
        if (earlier) return earlier;
      }
      const code = await this.codes.findCurrent(codeId);
      throw this.refusal(code, now, code ? await this.till.tillTerms(codeId) : null);
    }
    voucherRedeemsTotal.inc({ outcome: 'redeemed' });
    return {
      message: REDEEMED_MESSAGE,
      redemptionId,
      voucher: toPublicVoucher({ ...row, createdAt: new Date(row.createdAt) }, this.settings.mapping(now)),
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

  private refusal(code: QrCode | null, now: Date, terms: TillTerms | null): DomainError {
    if (!code) return voucherNotFound();
    const status = voucherStatus(code, now, this.settings.timeZone);
    const { validHoursStart: start, validHoursEnd: end } = terms ?? {};
    if (
      status === 'active' &&
      start != null &&
      end != null &&
      !isMinuteInWindow(minuteOfBusinessDay(now, this.settings.timeZone), start, end)
    ) {
      voucherRedeemsTotal.inc({ outcome: 'outside_hours' });
      return DomainError.conflict(outsideHoursMessage(hhmm(start), hhmm(end)));
    }
    if (status === 'upcoming' && code.startDate) {
      voucherRedeemsTotal.inc({ outcome: 'upcoming' });
      return DomainError.conflict(validFromMessage(formatDate(code.startDate, this.settings.timeZone)));
    }
    // 'active' here means an unlimited code at its ceiling: it cannot count any further.
    const reason = status === 'active' ? 'used_up' : status;
    voucherRedeemsTotal.inc({ outcome: reason });
    return DomainError.conflict(REDEEM_REFUSALS[reason]);
  }
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
