import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber, Tx } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { HolderWritesRepository } from '../codes';
import { MemberDaysRepository, MemberUsesRepository } from '../holders';
import { MemberRedemptionsRepository } from '../redemptions';

/**
 * The members service's news about holders (issue 41), applied once each (decision 9: the platform
 * records the event's id in the same transaction).
 * - Erased: the member's codes keep their holder id, counters and redemptions (statements and figures
 *   stay exact) but lose the till's name, the only personal data the vouchers service keeps.
 * - Merged: the duplicate's codes, per-member counters, daily-cap days (issue 43) and counted
 *   redemptions move to the member it was merged into; counters of one period (or day) add up.
 */
@Injectable()
export class MemberEventsSubscriber implements EventSubscriber {
  readonly consumerName = 'vouchers';
  private readonly logger = new Logger(MemberEventsSubscriber.name);

  constructor(
    private readonly holders: HolderWritesRepository,
    private readonly uses: MemberUsesRepository,
    private readonly days: MemberDaysRepository,
    private readonly redemptions: MemberRedemptionsRepository,
  ) {}

  readonly handlers = {
    'members.member.erased.v1': async (event: DomainEvent<'members.member.erased.v1'>, tx: Tx) => {
      const codes = await this.holders.forgetHolderName(tx, event.payload.memberId);
      this.logger.log(`member ${event.payload.memberId} erased: the till's name left ${codes} code(s)`);
    },
    'members.member.merged.v1': async (event: DomainEvent<'members.member.merged.v1'>, tx: Tx) => {
      const { fromMemberId, memberId } = event.payload;
      const codes = await this.holders.moveHolder(tx, fromMemberId, memberId);
      await this.uses.move(tx, fromMemberId, memberId);
      await this.days.moveDays(tx, fromMemberId, memberId);
      await this.redemptions.moveMember(tx, fromMemberId, memberId);
      this.logger.log(`member ${fromMemberId} merged into ${memberId}: ${codes} code(s) moved`);
    },
  };
}
