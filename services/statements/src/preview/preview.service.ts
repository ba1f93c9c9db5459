import {
  PREVIEW_LINES,
  type Actor,
  type MerchandiseLine,
  type StatementPreview,
  type StatementPreviewQuery,
  type VoucherLine,
  STATEMENT_ACCESS_MESSAGES,
} from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { STATEMENTS_CONFIG, type StatementsConfig } from '../config';
import { StatementEntriesRepository, type GroupedLine, type LedgerRange, type SectionSums } from '../ledger';

export const OWN_STATEMENTS_ONLY = STATEMENT_ACCESS_MESSAGES.ownOnly;
export const PARTNER_REQUIRED = STATEMENT_ACCESS_MESSAGES.partnerRequired;

const NONE: SectionSums = {
  lines: 0,
  quantity: 0,
  reversals: 0,
  salesCents: 0,
  discountCents: 0,
  partnerFundedCents: 0,
  clubOwesCents: 0,
  partnerOwesCents: 0,
  reversedCents: 0,
  withoutSaleAmount: 0,
};

const voucherLine = (g: GroupedLine): VoucherLine => ({
  subjectId: g.subject_id,
  subjectType: g.subject_type === 'batch' ? 'batch' : 'voucher',
  label: g.label,
  redemptions: g.quantity,
  salesCents: Number(g.sales),
  discountCents: Number(g.discount),
  clubFundedCents: Number(g.club),
  partnerFundedCents: Number(g.partner_funded),
  withoutSaleAmount: g.without_sale,
});
const merchandiseLine = (g: GroupedLine): MerchandiseLine => ({
  subjectId: g.subject_id,
  label: g.label,
  units: g.quantity,
  amountCents: Number(g.partner),
});

/** The live figures of a partner's range (issue 39): what the statement of that range would say. */
@Injectable()
export class PreviewService {
  constructor(
    private readonly entries: StatementEntriesRepository,
    @Inject(STATEMENTS_CONFIG) private readonly config: StatementsConfig,
  ) {}

  async preview(query: StatementPreviewQuery, actor: Actor): Promise<StatementPreview> {
    const partnerId = scopedPartner(query.partnerId, actor);
    const range: LedgerRange = {
      partnerId,
      from: query.from,
      to: query.to,
      timeZone: this.config.BUSINESS_TIMEZONE,
    };
    const { sums, lines } = await this.entries.summary(range, PREVIEW_LINES);
    const vouchers = lines.get('vouchers') ?? [];
    const adjustments = lines.get('adjustments') ?? [];
    const merchandise = lines.get('merchandise') ?? [];
    const of = (section: GroupedLine['section']) => sums.get(section) ?? NONE;
    const v = of('vouchers');
    const a = of('adjustments');
    const c = of('credits');
    const m = of('merchandise');
    const totals = statementTotals([v, a, c, m]);
    return {
      partnerId,
      from: query.from,
      to: query.to,
      vouchers: {
        lines: vouchers.map(voucherLine),
        more: Math.max(0, v.lines - vouchers.length),
        redemptions: v.quantity,
        salesCents: v.salesCents,
        discountCents: v.discountCents,
        clubFundedCents: v.clubOwesCents,
        partnerFundedCents: v.partnerFundedCents,
        withoutSaleAmount: v.withoutSaleAmount,
      },
      adjustments: {
        lines: adjustments.map(voucherLine),
        more: Math.max(0, a.lines - adjustments.length),
        redemptions: a.quantity,
        clubFundedCents: a.clubOwesCents,
      },
      credits: {
        charges: c.quantity + c.reversals,
        chargedCents: c.clubOwesCents + c.reversedCents,
        voids: c.reversals,
        voidedCents: c.reversedCents,
        netCents: c.clubOwesCents,
      },
      merchandise: {
        lines: merchandise.map(merchandiseLine),
        more: Math.max(0, m.lines - merchandise.length),
        units: m.quantity,
        amountCents: m.partnerOwesCents,
      },
      totals,
    };
  }
}

/** What the club owes, what the partner owes, and the net (positive: the club pays), over sections. */
export function statementTotals(sections: Pick<SectionSums, 'clubOwesCents' | 'partnerOwesCents'>[]) {
  const clubOwesCents = sections.reduce((sum, s) => sum + s.clubOwesCents, 0);
  const partnerOwesCents = sections.reduce((sum, s) => sum + s.partnerOwesCents, 0);
  return { clubOwesCents, partnerOwesCents, netCents: clubOwesCents - partnerOwesCents };
}

/** The partner a caller may read: the administrator names one; a company its own (another's is a 403). */
export function scopedPartner(partnerId: string | undefined, actor: Actor): string {
  if (actor.role === 'super_admin') {
    if (!partnerId) throw DomainError.validation(PARTNER_REQUIRED, { partnerId: [PARTNER_REQUIRED] });
    return partnerId.toLowerCase();
  }
  const own = actor.companyId?.toLowerCase();
  if (!own || (partnerId && partnerId.toLowerCase() !== own))
    throw DomainError.forbidden(OWN_STATEMENTS_ONLY);
  return own;
}
