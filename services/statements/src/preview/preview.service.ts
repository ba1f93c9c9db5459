import type { Actor, StatementPreview, StatementPreviewQuery } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { STATEMENTS_CONFIG, type StatementsConfig } from '../config';
import { StatementEntriesRepository } from '../ledger';

export const OWN_STATEMENTS_ONLY = 'You can only see your own company’s statements';
export const PARTNER_REQUIRED = 'partnerId is required';

/** The live figures of a partner's range (issue 39): what the statement of that range would say. */
@Injectable()
export class PreviewService {
  constructor(
    private readonly entries: StatementEntriesRepository,
    @Inject(STATEMENTS_CONFIG) private readonly config: StatementsConfig,
  ) {}

  async preview(query: StatementPreviewQuery, actor: Actor): Promise<StatementPreview> {
    const partnerId = scopedPartner(query.partnerId, actor);
    const range = { partnerId, from: query.from, to: query.to, timeZone: this.config.BUSINESS_TIMEZONE };
    const [vouchers, adjustments, credits, merchandise] = await Promise.all([
      this.entries.voucherSection(range, false),
      this.entries.voucherSection(range, true),
      this.entries.creditSection(range),
      this.entries.merchandiseSection(range),
    ]);
    const clubOwesCents = vouchers.clubFundedCents + adjustments.clubFundedCents + credits.netCents;
    const partnerOwesCents = merchandise.amountCents;
    return {
      partnerId,
      from: query.from,
      to: query.to,
      vouchers,
      adjustments: {
        lines: adjustments.lines,
        more: adjustments.more,
        redemptions: adjustments.redemptions,
        clubFundedCents: adjustments.clubFundedCents,
      },
      credits,
      merchandise,
      totals: { clubOwesCents, partnerOwesCents, netCents: clubOwesCents - partnerOwesCents },
    };
  }
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
