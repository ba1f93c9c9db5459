import {
  memberDailyCapMessage,
  memberLimitMessage,
  notValidAtMessage,
  type Actor,
  type PublicVoucher,
  type TillCheckResponse,
} from '@avpass/contracts';
import { messageCode } from '@avpass/contracts/message-codes';
import { discountApplied, isUnlimited } from '@avpass/domain';
import { DomainError } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { AssignmentsRepository, PartnerDetails } from '../assignment';
import { type QrCode, toPublicVoucher, NO_COMPANY_MESSAGE } from '../codes';
import { RedeemService } from '../redemptions';
import type { TillHolderView } from '../holders';
import { VouchersSettings } from '../settings';
import type { TillTerms } from '../trainers';

/** What a redemption records as made by when the session carries no name (the role's label). */
const ROLE_LABELS: Record<Actor['role'], string> = {
  super_admin: 'Administrator',
  company_admin: 'Partner staff',
};

/** The till's partner: the company of its staff; null for the administrator (any code, any till). */
export interface TillPlace {
  partnerId: string | null;
  partnerName: string | null;
  /** False when the partners service says the partner is deactivated: it honours nothing. */
  active: boolean;
}

export const ADMIN_PLACE: TillPlace = { partnerId: null, partnerName: null, active: true };

/** A holder's uses of held codes on the business day and the club's daily cap (issue 43). */
interface MemberDay {
  used: number;
  cap: number | null;
}

/** Everything a till's answer about one code is made from, read beforehand (one code or a member's many). */
export interface Judged {
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

/** What a till's act records as made by: the staff member's name, else the role's label. */
export function staffNameOf(actor: Actor): string {
  return actor.name?.trim() || ROLE_LABELS[actor.role];
}

/** "Not valid at {partner}": the till's refusal of a code its partner may not honour. */
export function notValidHere(place: TillPlace): string {
  return notValidAtMessage(place.partnerName ?? 'this shop');
}

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

/**
 * What every till answer is made of, shared by the check and the redeem (TillService), the member
 * pass (TillMemberCodesService) and the reading of a typed code (TillLookup): whose till it is, a
 * code's card, and the judgement of one code (yes, or the first refusal that applies).
 */
@Injectable()
export class TillAnswers {
  constructor(
    private readonly redeemer: RedeemService,
    private readonly assignments: AssignmentsRepository,
    private readonly partners: PartnerDetails,
    private readonly settings: VouchersSettings,
  ) {}

  async placeOf(actor: Actor, named = true): Promise<TillPlace> {
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
  async placeOfPartner(partnerId: string): Promise<TillPlace> {
    const partner = await this.partners.standing(partnerId);
    return { partnerId, partnerName: partner?.name ?? null, active: partner?.isActive ?? true };
  }

  /** The voucher card: the code with where it is honoured (the voucher page's partners). */
  async card(code: QrCode, now: Date): Promise<PublicVoucher> {
    return this.cardWith(code, await this.assignments.publicPartnerIds(code), now);
  }

  async cardWith(code: QrCode, ids: string[], now: Date): Promise<PublicVoucher> {
    const partners = ids.length ? await this.partners.of(ids) : [];
    return { ...toPublicVoucher(code, this.settings.mapping(now)), ...(partners ? { partners } : {}) };
  }

  /** The till's answer about one code from what was read of it: yes, or the first refusal that applies. */
  judge(
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
    if (!judged.honoured) return refused(answer, 'not_valid_here', notValidHere(place));
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
}
