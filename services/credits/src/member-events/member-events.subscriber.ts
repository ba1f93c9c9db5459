import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber, Tx } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { MemberCreditsService } from '../credits';

/**
 * The members service's news about the members credits name (issue 41, decision 336), applied once each
 * (decision 9: the platform records the event's id in the same transaction).
 * - Erased: the member's credits keep their amounts, balance and ledger (statements stay exact) but no
 *   longer name the member.
 * - Merged: the duplicate's credits name the member it was merged into.
 */
@Injectable()
export class MemberEventsSubscriber implements EventSubscriber {
  readonly consumerName = 'credits';
  private readonly logger = new Logger(MemberEventsSubscriber.name);

  constructor(private readonly links: MemberCreditsService) {}

  readonly handlers = {
    'members.member.erased.v1': async (event: DomainEvent<'members.member.erased.v1'>, tx: Tx) => {
      const credits = await this.links.forgetMember(tx, event.payload.memberId);
      this.logger.log(`member ${event.payload.memberId} erased: ${credits} credit(s) no longer name them`);
    },
    'members.member.merged.v1': async (event: DomainEvent<'members.member.merged.v1'>, tx: Tx) => {
      const { fromMemberId, memberId } = event.payload;
      const credits = await this.links.moveMember(tx, fromMemberId, memberId);
      this.logger.log(`member ${fromMemberId} merged into ${memberId}: ${credits} credit(s) moved`);
    },
  };
}
