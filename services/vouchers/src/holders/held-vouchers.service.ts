import type { HeldVoucher, HeldVouchersPage } from '@avpass/contracts';
import { businessDayOf, voucherStatus } from '@avpass/domain';
import { decodeCursor, DomainError, encodeCursor } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { AssignmentsRepository, lastRedemptionOf, PartnerDetails } from '../assignment';
import { earliestValidExpiry } from '../business-day';
import { type QrCode, toPublicVoucher } from '../codes';
import { VouchersSettings } from '../settings';
import { HeldVouchersRepository, type HeldPhase } from './held-vouchers.repository';
import { MemberUsesRepository } from './member-uses.repository';

const CURSOR_MESSAGE = 'cursor is not valid; start again from the first page';

/**
 * "My vouchers" and the member's detail (issue 41): the member's codes, those that can be used first,
 * then used and expired ones, newest first within each, paged by a cursor that names its half.
 */
@Injectable()
export class HeldVouchersService {
  constructor(
    private readonly held: HeldVouchersRepository,
    private readonly uses: MemberUsesRepository,
    private readonly settings: VouchersSettings,
    private readonly assignments: AssignmentsRepository,
    private readonly partnerDetails: PartnerDetails,
  ) {}

  async page(memberId: string, cursor: string | undefined, limit: number): Promise<HeldVouchersPage> {
    const now = this.settings.now();
    const validFrom = earliestValidExpiry(now, this.settings.timeZone);
    const { phase, after } = parseCursor(cursor);
    // One statement: from the cursor's half on into the next, one row more than the page.
    const rows = await this.held.page(memberId.toLowerCase(), phase, after, limit + 1, validFrom);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    const nextCursor =
      rows.length > limit && last
        ? `${last.phase === 'active' ? 'a' : 'd'}.${encodeCursor({ at: last.cursorAt, id: last.code.id })}`
        : null;
    const [uses, lastUses] = await Promise.all([
      this.uses.usesOf(
        items.map((row) => row.code),
        businessDayOf(now, this.settings.timeZone),
      ),
      this.lastUses(items),
    ]);
    const ctx = this.settings.mapping();
    return {
      items: items.map(
        (row, i): HeldVoucher => ({
          ...toPublicVoucher(row.code, ctx),
          state: stateOf(row.code, now, this.settings.timeZone),
          memberUses: uses[i] ?? null,
          lastRedemption: lastUses.get(row.code.id) ?? null,
        }),
      ),
      nextCursor,
    };
  }

  /**
   * The proof of the latest use of the page's used codes, as the voucher page words it: one statement
   * for the page's redemptions, one directory call for the partners of codes their member redeemed.
   */
  private async lastUses(
    items: { code: QrCode; partnerIds: string[] }[],
  ): Promise<Map<string, HeldVoucher['lastRedemption']>> {
    const used = items.filter((row) => row.code.usageCount > 0);
    const found = await this.assignments.lastRedemptions(used.map((row) => row.code.id));
    const onlyPartner = new Map<string, string>();
    for (const { code, partnerIds } of used) {
      const ids = new Set([...(code.vendorId ? [code.vendorId] : []), ...partnerIds]);
      if (found.get(code.id)?.channel === 'self' && ids.size === 1) onlyPartner.set(code.id, [...ids][0]!);
    }
    const wanted = [...new Set(onlyPartner.values())];
    const partners = wanted.length ? await this.partnerDetails.of(wanted) : [];
    const names = new Map((partners ?? []).map((p) => [p.id, p.name]));
    return new Map(
      used.map(({ code }) => {
        const partnerId = onlyPartner.get(code.id);
        return [code.id, lastRedemptionOf(found.get(code.id), (partnerId && names.get(partnerId)) || null)];
      }),
    );
  }
}

function stateOf(code: QrCode, now: Date, timeZone: string): HeldVoucher['state'] {
  const status = voucherStatus(code, now, timeZone);
  if (status === 'active' || status === 'upcoming') return 'active';
  return status === 'used_up' ? 'used' : 'expired';
}

function parseCursor(cursor: string | undefined): {
  phase: HeldPhase;
  after: { at: string; id: string } | null;
} {
  if (!cursor) return { phase: 'active', after: null };
  const [tag, key] = [cursor.slice(0, 2), cursor.slice(2)];
  if (tag !== 'a.' && tag !== 'd.')
    throw DomainError.validation(CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
  return { phase: tag === 'a.' ? 'active' : 'done', after: decodeCursor(key) };
}
