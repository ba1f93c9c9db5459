import {
  UUID_PATTERN,
  type Actor,
  type RpcMeta,
  type TillCheckResponse,
  type TillRecentResponse,
  type TillRedeemResponse,
  RPC,
} from '@avpass/contracts';
import { businessDayOf, startOfBusinessDay } from '@avpass/domain';
import { DomainError, exportMetrics, voucherRedeemsTotal, type IdempotentCall } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { voucherNotFound } from '../codes';
import {
  RedeemService,
  type RedeemOrigin,
  type RedeemOutcome,
  toTillRedemption,
  type RedemptionRecord,
} from '../redemptions';
import { MemberDaysRepository, MemberLimits } from '../holders';
import { VouchersSettings } from '../settings';
import { TrainersRepository } from '../trainers';
import { notValidHere, staffNameOf, TillAnswers } from './till-answers';
import { TillLookup } from './till-lookup';
import { TillOfflineScans } from './till-offline-scans';
import { tillTitle } from './till-title';
import { TillRepository } from './till.repository';

export const RECENT_DEFAULT_LIMIT = 20;

/**
 * The till (issue 25): a partner's staff check and redeem a member's code, scanned (its link) or typed
 * (its id, or the 8 characters printed on cards). An active partner may honour the codes it owns
 * (vendorId), is actively assigned, and club-wide ones (codes/honoured-by.ts); the administrator any
 * code. The redeem is the public redeem's one statement (RedeemService.countOnce), recording the till,
 * the partner and the staff member.
 */
@Injectable()
export class TillService {
  constructor(
    private readonly till: TillRepository,
    private readonly redeemer: RedeemService,
    private readonly lookup: TillLookup,
    private readonly answers: TillAnswers,
    private readonly offline: TillOfflineScans,
    private readonly terms: TrainersRepository,
    private readonly settings: VouchersSettings,
    private readonly memberLimits: MemberLimits,
    private readonly memberDays: MemberDaysRepository,
  ) {
    exportMetrics(voucherRedeemsTotal);
  }

  /** What the code is and whether this till may honour it now; no write, no rate limit. */
  async check(
    actor: Actor,
    input: { code: string; transactionAmount?: number | undefined; requestOrigin?: string | undefined },
  ): Promise<TillCheckResponse> {
    const place = await this.answers.placeOf(actor);
    const target = await this.lookup.targetOf(input.code, place, input.requestOrigin);
    const code = target.code ?? (await this.lookup.codeById(target.id));
    const now = this.settings.now();
    const terms = await this.terms.tillTerms(code.id);
    const voucher = await this.answers.card(code, now);
    const honoured =
      !place.partnerId || (place.active && (await this.till.mayHonour(code.id, place.partnerId)));
    // Only a till that may honour the code sees who holds it (issue 41).
    const view = honoured ? await this.memberLimits.tillView(code, now) : {};
    const day =
      honoured && code.holderMemberId
        ? await this.memberDays.usesOn(code.holderMemberId, businessDayOf(now, this.settings.timeZone))
        : null;
    return this.answers.judge(
      place,
      { code, voucher, terms, honoured, view, day },
      now,
      input.transactionAmount,
    );
  }

  /**
   * Counts one use at this till (201). Once per Idempotency-Key of this staff member (the platform's
   * mechanism, claimed by the redeem statement itself): a repeat, or a concurrent twin, answers the
   * first redemption; the same key with another request is a 409; another user's same key is another
   * request. A shop that may not honour the code is 403, a refusal 409.
   */
  async redeemAtTill(
    actor: Actor,
    input: {
      code: string;
      transactionAmount?: number | undefined;
      scannedAt?: string | undefined;
      idempotencyKey?: string | undefined;
      requestOrigin?: string | undefined;
    },
    meta: RpcMeta,
  ): Promise<TillRedeemResponse> {
    const scannedAt = this.offline.scanTimeOf(input.scannedAt);
    const place = await this.answers.placeOf(actor);
    if (!place.active) throw DomainError.forbidden(notValidHere(place));
    // The code is not read first: the statement finds it (or not) and checks every rule itself.
    const { id } = await this.lookup.targetOf(input.code, place, input.requestOrigin);
    const origin: RedeemOrigin = {
      channel: 'till',
      partnerId: place.partnerId,
      partnerName: place.partnerName,
      // The statement counts it only at a partner that may honour the code (not for the administrator).
      honouredBy: place.partnerId,
      redeemedBy: staffNameOf(actor),
      redeemedByUserId: UUID_PATTERN.test(actor.userId) ? actor.userId : null,
      scannedAt,
    };
    // The request as sent (typed or scanned), not where it was sent to (the till's host).
    const call: IdempotentCall = {
      actor,
      operation: RPC.vouchers.tillRedeem,
      request: input,
      unfingerprinted: ['requestOrigin'],
    };
    try {
      return await this.redeemer.countOnce(
        id,
        call,
        meta,
        input.transactionAmount,
        origin,
        async (outcome) => ({
          ...(await this.redeemed(actor, origin, outcome)),
          ...(await this.memberLimits.tillView(outcome.code, this.settings.now())),
        }),
        (redemptionId) => this.answer(actor, redemptionId),
      );
    } catch (error) {
      // Refused: first of all because this shop may not honour the code (as the check says).
      const refusal =
        error instanceof DomainError &&
        error.code === 'CONFLICT' &&
        place.partnerId &&
        !(await this.till.mayHonour(id, place.partnerId))
          ? DomainError.forbidden(notValidHere(place))
          : error;
      // A scan kept offline and refused now needs attention (issue 43): recorded once, then answered.
      if (scannedAt && refusal instanceof DomainError)
        await this.offline.recordRefusal(
          { actor, place, staffName: origin.redeemedBy, qrCodeId: id, scannedAt, request: input },
          refusal,
        );
      throw refusal;
    }
  }

  /** Today's redemptions at this partner's till (the administrator: every till), newest first. */
  async recent(actor: Actor, input: { limit?: number | undefined }): Promise<TillRecentResponse> {
    const place = await this.answers.placeOf(actor, false);
    const now = this.settings.now();
    const tz = this.settings.timeZone;
    const since = startOfBusinessDay(now, tz);
    const rows = await this.till.recent(
      place.partnerId,
      since.toISOString(),
      input.limit ?? RECENT_DEFAULT_LIMIT,
    );
    const undoMinutes = this.settings.config.REDEMPTION_UNDO_MINUTES;
    return {
      items: rows.map((row) => ({
        ...toTillRedemption(row, actor, now, undoMinutes),
        qrCodeId: row.qr_code_id,
        title: tillTitle(row),
      })),
    };
  }

  /** The answer to a use just counted: the redemption as recorded, and the voucher after it. */
  private async redeemed(
    actor: Actor,
    origin: RedeemOrigin,
    outcome: RedeemOutcome,
  ): Promise<TillRedeemResponse> {
    voucherRedeemsTotal.inc({ outcome: 'redeemed' });
    const { code } = outcome;
    const now = this.settings.now();
    const record: RedemptionRecord = {
      id: outcome.redemptionId,
      qr_code_id: code.id,
      redeemed_at: outcome.at,
      scanned_at: origin.scannedAt,
      redeemed_by: origin.redeemedBy,
      redeemed_by_user_id: origin.redeemedByUserId,
      channel: 'till',
      partner_id: code.redemptionPartnerId,
      partner_name: outcome.partnerName,
      transaction_amount: outcome.transactionAmount,
      discount_applied: outcome.discountApplied,
      funded_by: code.redemptionFundedBy,
      reimbursement_cents: code.reimbursementCents,
      no_sale_amount: code.noSaleAmount,
      status: 'completed',
      cancelled_at: null,
      cancelled_by: null,
      cancel_reason: null,
    };
    const partnerIds = code.vendorId
      ? [code.vendorId, ...code.partnerIds.filter((p) => p !== code.vendorId)]
      : code.partnerIds;
    return {
      redemption: toTillRedemption(record, actor, now, this.settings.config.REDEMPTION_UNDO_MINUTES),
      voucher: await this.answers.cardWith({ ...code, createdAt: new Date(code.createdAt) }, partnerIds, now),
    };
  }

  /** The redemption as it stands, with the voucher after it. */
  private async answer(actor: Actor, redemptionId: string): Promise<TillRedeemResponse> {
    const record = await this.till.redemption(redemptionId);
    if (!record) throw voucherNotFound();
    const code = await this.lookup.codeById(record.qr_code_id);
    const now = this.settings.now();
    return {
      redemption: toTillRedemption(record, actor, now, this.settings.config.REDEMPTION_UNDO_MINUTES),
      voucher: await this.answers.card(code, now),
    };
  }
}
