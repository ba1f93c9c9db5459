import { memberLimitMessage, type MemberUses, type TillHolder } from '@avpass/contracts';
import { businessDayOf } from '@avpass/domain';
import { Injectable } from '@nestjs/common';
import { VouchersSettings } from '../settings';
import { type LimitedCode, MemberUsesRepository } from './member-uses.repository';

/** A code as the till and the refusals read its holder (qr_codes' holder columns). */
export type HeldCode = LimitedCode & { holderName: string | null };

/** What the till shows of a held code (issue 41): the holder's first name and initial, their uses. */
export interface TillHolderView {
  holder?: TillHolder;
  memberUses?: MemberUses;
}

/**
 * The per-member limit as the till and the refusals read it (decision 322); the redeem statement
 * enforces it (MEMBER_ROOM_SQL, countMemberUseSql), this only says why and how far.
 */
@Injectable()
export class MemberLimits {
  constructor(
    private readonly uses: MemberUsesRepository,
    private readonly settings: VouchersSettings,
  ) {}

  /** The holder's uses of the code's limit group in the period containing `now`; null: not limited. */
  async usesNow(code: LimitedCode, now: Date): Promise<MemberUses | null> {
    const [uses] = await this.uses.usesOf([code], businessDayOf(now, this.settings.timeZone));
    return uses ?? null;
  }

  /** The refusal of a held code whose holder has no use left in the period; null: room left or not limited. */
  async overLimitRefusal(
    code: LimitedCode,
    now: Date,
  ): Promise<{ word: 'member_limit'; message: string } | null> {
    const uses = await this.usesNow(code, now);
    if (!uses || uses.used < uses.limit) return null;
    return { word: 'member_limit', message: memberLimitMessage(uses.limit, uses.period) };
  }

  /** The till's view of a held code: the holder (unless erased) and, when limited, the uses so far. */
  async tillView(code: HeldCode, now: Date): Promise<TillHolderView> {
    if (!code.holderMemberId) return {};
    return (await this.tillViews([code], now))[0]!;
  }

  /** tillView of each code, in their order: one query for all their counters. */
  async tillViews(codes: readonly HeldCode[], now: Date): Promise<TillHolderView[]> {
    const uses = await this.uses.usesOf(codes, businessDayOf(now, this.settings.timeZone));
    return codes.map((code, i) => {
      if (!code.holderMemberId) return {};
      const view: TillHolderView = {};
      if (code.holderName) view.holder = splitTillName(code.holderName);
      if (uses[i]) view.memberUses = uses[i];
      return view;
    });
  }
}

/** "Ana G." (tillHolderName) as {firstName: 'Ana', lastInitial: 'G'}; a name without an initial as is. */
export function splitTillName(name: string): TillHolder {
  const match = /^(.*\S) (\S)\.$/u.exec(name);
  return match ? { firstName: match[1]!, lastInitial: match[2]! } : { firstName: name, lastInitial: '' };
}
