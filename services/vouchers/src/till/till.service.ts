import {
  memberDailyCapMessage,
  memberLimitMessage,
  NOT_OUR_VOUCHER_MESSAGE,
  notValidAtMessage,
  SEVERAL_MATCHES_MESSAGE,
  UUID_PATTERN,
  type Actor,
  type PublicVoucher,
  type RpcMeta,
  type TillCheckResponse,
  type TillMatch,
  TILL_MEMBER_CODES_MAX,
  type TillMemberCodesRequest,
  type TillMemberCodesResponse,
  type TillRecentResponse,
  type TillRedeemResponse,
  RPC,
} from '@avpass/contracts';
import { messageCode } from '@avpass/contracts/message-codes';
import { businessDayOf, discountApplied, isUnlimited, startOfBusinessDay } from '@avpass/domain';
import { DomainError, exportMetrics, voucherRedeemsTotal, type IdempotentCall } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { AssignmentsRepository, PartnerDetails } from '../assignment';
import { type QrCode, toPublicVoucher, QrCodesRepository } from '../codes';
import { NO_COMPANY_MESSAGE, voucherNotFound } from '../codes';
import {
  RedeemService,
  type RedeemOrigin,
  type RedeemOutcome,
  toTillRedemption,
  type RedemptionRecord,
} from '../redemptions';
import { earliestValidExpiry } from '../business-day';
import { MemberDaysRepository, MemberLimits, type TillHolderView } from '../holders';
import { VouchersSettings } from '../settings';
import { TrainersRepository, type TillTerms } from '../trainers';
import { TillConflictsService } from './till-conflicts.service';
import { tillTitle } from './till-title';
import { TillRepository, type PrefixMatch } from './till.repository';

/** How old a scan kept offline may be when it reaches the server. */
export const SCAN_MAX_AGE_DAYS = 7;
/** How far ahead of the server's clock a till's scan time may be (its clock runs a little fast). */
export const SCAN_CLOCK_SKEW_MS = 5 * 60_000;
export const SCAN_TOO_OLD_MESSAGE = `Scan time must be within the last ${SCAN_MAX_AGE_DAYS} days`;
export const SCAN_IN_FUTURE_MESSAGE = 'Scan time must not be in the future';
/** The most codes a several-matches answer lists (the staff then types more of the id). */
export const MAX_MATCHES = 10;
export const RECENT_DEFAULT_LIMIT = 20;

/** What a redemption records as made by when the session carries no name (the role's label). */
const ROLE_LABELS: Record<Actor['role'], string> = {
  super_admin: 'Administrator',
  company_admin: 'Partner staff',
};

const SHORT_CODE = /^[0-9a-f]{8}$/i;
/** The voucher page's path: exactly /voucher/{id}. */
const VOUCHER_PATH = /^\/voucher\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

const notOurs = () => DomainError.validation(NOT_OUR_VOUCHER_MESSAGE, { code: [NOT_OUR_VOUCHER_MESSAGE] });

const hostOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

/** What was scanned or typed stands for: the code's id, and the code when it had to be read already. */
interface Target {
  id: string;
  code: QrCode | null;
}

/** The till's partner: the company of its staff; null for the administrator (any code, any till). */
interface TillPlace {
  partnerId: string | null;
  partnerName: string | null;
  /** False when the partners service says the partner is deactivated: it honours nothing. */
  active: boolean;
}

/** A holder's uses of held codes on the business day and the club's daily cap (issue 43). */
interface MemberDay {
  used: number;
  cap: number | null;
}

/** Everything a till's answer about one code is made from, read beforehand (one code or a member's many). */
interface Judged {
  code: QrCode;
  voucher: PublicVoucher;
  terms: TillTerms | null;
  /** Whether this till may honour the code (the administrator: always). */
  honoured: boolean;
  /** The holder and their per-member uses (read only when honoured). */
  view: TillHolderView;
  /** The holder's day under the cap (read only for a held code when honoured). */
  day: MemberDay | null;
}

const ADMIN_PLACE: TillPlace = { partnerId: null, partnerName: null, active: true };

/**
 * The till (issue 25): a partner's staff check and redeem a member's code, scanned (its link) or typed
 * (its id, or the 8 characters printed on cards). An active partner may honour the codes it owns
 * (vendorId), is actively assigned, and club-wide ones (codes/honoured-by.ts); the administrator any
 * code. The redeem is the public redeem's one statement (RedeemService.countOnce), recording the till,
 * the partner and the staff member.
 */
/** A till's no: the refusal's word, its sentence, and the sentence's code for the reader's language. */
function refused(
  answer: TillCheckResponse,
  refusal: NonNullable<TillCheckResponse['refusal']>,
  reason: string,
): TillCheckResponse {
  const code = messageCode(reason);
  return {
    ...answer,
    redeemable: false,
    refusal,
    reason,
    ...(code && { reasonCode: code.code, ...(code.params && { reasonParams: code.params }) }),
  };
}

@Injectable()
export class TillService {
  constructor(
    private readonly till: TillRepository,
    private readonly redeemer: RedeemService,
    private readonly codes: QrCodesRepository,
    private readonly terms: TrainersRepository,
    private readonly assignments: AssignmentsRepository,
    private readonly partners: PartnerDetails,
    private readonly settings: VouchersSettings,
    private readonly memberLimits: MemberLimits,
    private readonly memberDays: MemberDaysRepository,
    private readonly conflicts: TillConflictsService,
  ) {
    exportMetrics(voucherRedeemsTotal);
  }

  /** What the code is and whether this till may honour it now; no write, no rate limit. */
  async check(
    actor: Actor,
    input: { code: string; transactionAmount?: number | undefined; requestOrigin?: string | undefined },
  ): Promise<TillCheckResponse> {
    const place = await this.placeOf(actor);
    const target = await this.resolve(input.code, place, input.requestOrigin);
    const code = target.code ?? (await this.byId(target.id));
    const now = this.settings.now();
    const terms = await this.terms.tillTerms(code.id);
    const voucher = await this.card(code, now);
    const honoured =
      !place.partnerId || (place.active && (await this.till.mayHonour(code.id, place.partnerId)));
    // Only a till that may honour the code sees who holds it (issue 41).
    const view = honoured ? await this.memberLimits.tillView(code, now) : {};
    const day =
      honoured && code.holderMemberId
        ? await this.memberDays.usesOn(code.holderMemberId, businessDayOf(now, this.settings.timeZone))
        : null;
    return this.judge(place, { code, voucher, terms, honoured, view, day }, now, input.transactionAmount);
  }

  /**
   * The member pass (issue 43, decision 365): the member's usable codes `partnerId`'s till may honour
   * (null: the administrator's, every code), each answered as `check` answers it, the redeemable ones
   * first, at most TILL_MEMBER_CODES_MAX (the newest); and, when the club sets a daily cap, the
   * member's uses today. One statement lists the codes with their terms; the card's partners, the
   * per-member counters and the day are each read once for all of them.
   */
  async memberCodes(actor: Actor, input: TillMemberCodesRequest): Promise<TillMemberCodesResponse> {
    if (actor.role !== 'super_admin') {
      const own = (await this.placeOf(actor, false)).partnerId;
      if (input.partnerId?.toLowerCase() !== own) throw DomainError.forbidden();
    }
    const now = this.settings.now();
    const tz = this.settings.timeZone;
    const partnerId = input.partnerId?.toLowerCase() ?? null;
    const place = partnerId ? await this.placeOfPartner(partnerId) : ADMIN_PLACE;
    const day = await this.memberDays.usesOn(input.memberId, businessDayOf(now, tz));
    const dailyCap = day.cap === null ? {} : { dailyCap: { used: day.used, limit: day.cap } };
    // A deactivated partner honours nothing: no code to offer.
    if (!place.active) return { vouchers: [], ...dailyCap };
    const rows = await this.till.memberCodes(
      input.memberId,
      place.partnerId,
      earliestValidExpiry(now, tz),
      TILL_MEMBER_CODES_MAX,
    );
    const cardPartners = rows.map(({ code, partnerIds }) =>
      code.vendorId ? [code.vendorId, ...partnerIds.filter((p) => p !== code.vendorId)] : partnerIds,
    );
    // Every card's partners asked at once; each card then reads them from PartnerDetails' memory.
    const everyPartner = [...new Set(cardPartners.flat())];
    if (everyPartner.length) await this.partners.of(everyPartner);
    const views = await this.memberLimits.tillViews(
      rows.map((r) => r.code),
      now,
    );
    const answers = await Promise.all(
      rows.map(async ({ code, terms }, i) =>
        this.judge(
          place,
          {
            code,
            voucher: await this.cardWith(code, cardPartners[i]!, now),
            terms,
            honoured: true,
            view: views[i]!,
            day,
          },
          now,
          input.transactionAmount,
        ),
      ),
    );
    // Redeemable first; newest first within each (the statement's order, kept by a stable sort).
    answers.sort((a, b) => Number(b.redeemable) - Number(a.redeemable));
    return { vouchers: answers, ...dailyCap };
  }

  /** The till's answer about one code from what was read of it: yes, or the first refusal that applies. */
  private judge(
    place: TillPlace,
    judged: Judged,
    now: Date,
    transactionAmount: number | undefined,
  ): TillCheckResponse {
    const { code, terms } = judged;
    const answer: TillCheckResponse = {
      voucher: judged.voucher,
      redeemable: true,
      usesLeft: isUnlimited(code.usageLimit) ? null : Math.max(code.usageLimit - code.usageCount, 0),
    };
    if (transactionAmount !== undefined && terms) {
      const discount = discountApplied(terms, transactionAmount);
      answer.discountApplied = discount;
      answer.amountDue = transactionAmount - discount;
    }
    if (!judged.honoured) return refused(answer, 'not_valid_here', this.notValidHere(place));
    Object.assign(answer, judged.view);
    const refusal = this.redeemer.refusalOf(code, now, terms, 'till');
    // 'staff_only' is the public page's refusal only; a till never gets it.
    if (refusal && refusal.word !== 'staff_only') return refused(answer, refusal.word, refusal.message);
    const uses = answer.memberUses;
    if (uses && uses.used >= uses.limit)
      return refused(answer, 'member_limit', memberLimitMessage(uses.limit, uses.period));
    const day = judged.day;
    if (day && day.cap !== null && day.used >= day.cap)
      return refused(answer, 'member_daily_cap', memberDailyCapMessage(day.cap));
    return answer;
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
    const scannedAt = this.scanTime(input.scannedAt);
    const place = await this.placeOf(actor);
    if (!place.active) throw DomainError.forbidden(this.notValidHere(place));
    // The code is not read first: the statement finds it (or not) and checks every rule itself.
    const { id } = await this.resolve(input.code, place, input.requestOrigin);
    const origin: RedeemOrigin = {
      channel: 'till',
      partnerId: place.partnerId,
      partnerName: place.partnerName,
      // The statement counts it only at a partner that may honour the code (not for the administrator).
      honouredBy: place.partnerId,
      redeemedBy: this.staffNameOf(actor),
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
          ? DomainError.forbidden(this.notValidHere(place))
          : error;
      // A scan kept offline and refused now needs attention (issue 43): recorded once, then answered.
      if (scannedAt && refusal instanceof DomainError) {
        const code = await this.codes.findCurrent(id);
        await this.conflicts.recordRefusal(
          {
            actor,
            partnerId: place.partnerId,
            partnerName: place.partnerName,
            staffName: origin.redeemedBy,
            qrCodeId: id,
            memberId: code?.holderMemberId ?? null,
            scannedAt,
            transactionAmount: input.transactionAmount ?? null,
            request: input,
          },
          refusal,
        );
      }
      throw refusal;
    }
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
      voucher: await this.cardWith({ ...code, createdAt: new Date(code.createdAt) }, partnerIds, now),
    };
  }

  /** Today's redemptions at this partner's till (the administrator: every till), newest first. */
  async recent(actor: Actor, input: { limit?: number | undefined }): Promise<TillRecentResponse> {
    const place = await this.placeOf(actor, false);
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

  /** What a till's act records as made by: the staff member's name, else the role's label. */
  staffNameOf(actor: Actor): string {
    return actor.name?.trim() || ROLE_LABELS[actor.role];
  }

  // ---- helpers -------------------------------------------------------------------------------

  private async placeOf(actor: Actor, named = true): Promise<TillPlace> {
    if (actor.role === 'super_admin') return ADMIN_PLACE;
    if (!actor.companyId) throw DomainError.forbidden(NO_COMPANY_MESSAGE);
    const partnerId = actor.companyId.toLowerCase();
    return named ? this.placeOfPartner(partnerId) : { partnerId, partnerName: null, active: true };
  }

  /**
   * A partner's till: the partner as it is now (cached briefly by PartnerDetails; unknown when it
   * cannot answer, and then taken as active: the partners service refuses a deactivated partner's
   * staff anyway).
   */
  private async placeOfPartner(partnerId: string): Promise<TillPlace> {
    const partner = await this.partners.standing(partnerId);
    return { partnerId, partnerName: partner?.name ?? null, active: partner?.isActive ?? true };
  }

  private notValidHere(place: TillPlace): string {
    return notValidAtMessage(place.partnerName ?? 'this shop');
  }

  /** Scan time of a scan kept offline: ISO (the contract), at most SCAN_MAX_AGE_DAYS old, not ahead. */
  private scanTime(text: string | undefined): string | null {
    if (text === undefined) return null;
    const at = new Date(text);
    const now = this.settings.now().getTime();
    if (Number.isNaN(at.getTime()))
      throw DomainError.validation(SCAN_TOO_OLD_MESSAGE, { scannedAt: [SCAN_TOO_OLD_MESSAGE] });
    if (at.getTime() > now + SCAN_CLOCK_SKEW_MS)
      throw DomainError.validation(SCAN_IN_FUTURE_MESSAGE, { scannedAt: [SCAN_IN_FUTURE_MESSAGE] });
    if (at.getTime() < now - SCAN_MAX_AGE_DAYS * 86_400_000)
      throw DomainError.validation(SCAN_TOO_OLD_MESSAGE, { scannedAt: [SCAN_TOO_OLD_MESSAGE] });
    return at.toISOString();
  }

  /**
   * The code behind what was scanned or typed: (a) one of our voucher links: http(s), path exactly
   * /voucher/{id}, on PUBLIC_URL's host, the host the till's request came to, or the code's own
   * stored link; (b) an id; (c) 8 hex characters (dashes and spaces ignored). Anything else: 400
   * "This is not an AV Pass voucher".
   */
  private async resolve(text: string, place: TillPlace, requestOrigin: string | undefined): Promise<Target> {
    const typed = text.trim();
    if (/^[a-z][a-z0-9+.-]*:/i.test(typed)) return this.byLink(typed, requestOrigin);
    if (UUID_PATTERN.test(typed)) return { id: typed.toLowerCase(), code: null };
    const short = typed.replace(/[\s-]+/g, '');
    if (!SHORT_CODE.test(short)) throw notOurs();
    return this.byShortCode(short.toLowerCase(), place);
  }

  /**
   * 8 characters, answered by cause as a scan would be: no code starts with them, 404; among the codes
   * this partner may honour (the administrator: all), one is that code and several a 409 listing only
   * those. When only codes it may not honour start with them, 403 "not valid at {partner}", as a scan
   * of one says, but without the code's card: typing 8 characters must not show other shops' codes
   * (decision 147).
   */
  private async byShortCode(short: string, place: TillPlace): Promise<Target> {
    const found = await this.till.byPrefix(short, place.partnerId, MAX_MATCHES + 1);
    if (!found.length) throw voucherNotFound();
    const honoured = found.filter((m) => m.honoured);
    if (!honoured.length) throw DomainError.forbidden(this.notValidHere(place));
    if (honoured.length > 1) {
      const matches: TillMatch[] = honoured.slice(0, MAX_MATCHES).map((m: PrefixMatch) => ({
        id: m.id,
        title: tillTitle(m),
        partnerName: m.clinic_name,
      }));
      throw new DomainError('CONFLICT', SEVERAL_MATCHES_MESSAGE, undefined, undefined, { matches });
    }
    return { id: honoured[0]!.id, code: null };
  }

  private async byLink(text: string, requestOrigin: string | undefined): Promise<Target> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw notOurs();
    }
    const path = VOUCHER_PATH.exec(url.pathname);
    if (!/^https?:$/.test(url.protocol) || !path || url.username || url.password) throw notOurs();
    const host = url.host.toLowerCase();
    const ourHosts = [hostOf(this.settings.config.PUBLIC_URL), hostOf(requestOrigin)];
    const id = path[1]!.toLowerCase();
    // On our host: the id is all it takes (an unknown one is then simply not found).
    if (ourHosts.includes(host)) return { id, code: null };
    // Elsewhere only the code's own stored link (a code made before a change of domain).
    const code = await this.codes.findCurrent(id);
    const stored = `${url.protocol}//${url.host}${url.pathname}`.toLowerCase();
    if (code && stored === code.qrUrl.replace(/\/+$/, '').toLowerCase()) return { id, code };
    throw notOurs();
  }

  private async byId(id: string): Promise<QrCode> {
    const code = await this.codes.findCurrent(id);
    if (!code) throw voucherNotFound();
    return code;
  }

  /** The voucher card: the code with where it is honoured (the voucher page's partners). */
  private async card(code: QrCode, now: Date): Promise<PublicVoucher> {
    return this.cardWith(code, await this.assignments.publicPartnerIds(code), now);
  }

  private async cardWith(code: QrCode, ids: string[], now: Date): Promise<PublicVoucher> {
    const partners = ids.length ? await this.partners.of(ids) : [];
    return { ...toPublicVoucher(code, this.settings.mapping(now)), ...(partners ? { partners } : {}) };
  }

  /** The redemption as it stands, with the voucher after it. */
  private async answer(actor: Actor, redemptionId: string): Promise<TillRedeemResponse> {
    const record = await this.till.redemption(redemptionId);
    if (!record) throw voucherNotFound();
    const code = await this.codes.findCurrent(record.qr_code_id);
    if (!code) throw voucherNotFound();
    const now = this.settings.now();
    return {
      redemption: toTillRedemption(record, actor, now, this.settings.config.REDEMPTION_UNDO_MINUTES),
      voucher: await this.card(code, now),
    };
  }
}
