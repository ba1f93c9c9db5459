import {
  type Actor,
  TILL_MEMBER_CODES_MAX,
  type TillMemberCodesRequest,
  type TillMemberCodesResponse,
} from '@avpass/contracts';
import { businessDayOf } from '@avpass/domain';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { PartnerDetails } from '../assignment';
import { earliestValidExpiry } from '../business-day';
import { MemberDaysRepository, MemberLimits } from '../holders';
import { VouchersSettings } from '../settings';
import { ADMIN_PLACE, TillAnswers } from './till-answers';
import { TillRepository } from './till.repository';

/**
 * The member pass at the till (issue 43, decision 365): once the gateway has verified a scanned pass,
 * the member's codes this till may honour, each answered as the till's check answers one code.
 */
@Injectable()
export class TillMemberCodesService {
  constructor(
    private readonly till: TillRepository,
    private readonly answers: TillAnswers,
    private readonly partners: PartnerDetails,
    private readonly settings: VouchersSettings,
    private readonly memberLimits: MemberLimits,
    private readonly memberDays: MemberDaysRepository,
  ) {}

  /**
   * The member's usable codes `partnerId`'s till may honour (null: the administrator's, every code),
   * each answered as `check` answers it, the redeemable ones first, at most TILL_MEMBER_CODES_MAX (the
   * newest); and, when the club sets a daily cap, the member's uses today. One statement lists the codes
   * with their terms; the card's partners, the per-member counters and the day are each read once for
   * all of them.
   */
  async memberCodes(actor: Actor, input: TillMemberCodesRequest): Promise<TillMemberCodesResponse> {
    if (actor.role !== 'super_admin') {
      const own = (await this.answers.placeOf(actor, false)).partnerId;
      if (input.partnerId?.toLowerCase() !== own) throw DomainError.forbidden();
    }
    const now = this.settings.now();
    const tz = this.settings.timeZone;
    const partnerId = input.partnerId?.toLowerCase() ?? null;
    const place = partnerId ? await this.answers.placeOfPartner(partnerId) : ADMIN_PLACE;
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
        this.answers.judge(
          place,
          {
            code,
            voucher: await this.answers.cardWith(code, cardPartners[i]!, now),
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
}
