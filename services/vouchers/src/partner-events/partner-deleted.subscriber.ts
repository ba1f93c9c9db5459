import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber, Tx } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { AssignmentsRepository } from '../assignment';
import { TalliesRepository } from '../tallies';

/**
 * A deleted partner's assignments go with it: its codes no longer count it among their partners, and
 * its staff (already signed out by identity) have nothing left to see. The codes themselves stay.
 */
@Injectable()
export class PartnerDeletedSubscriber implements EventSubscriber {
  readonly consumerName = 'vouchers';
  private readonly logger = new Logger(PartnerDeletedSubscriber.name);

  constructor(
    private readonly assignments: AssignmentsRepository,
    private readonly tallies: TalliesRepository,
  ) {}

  readonly handlers = {
    'partners.partner.deleted.v1': async (event: DomainEvent<'partners.partner.deleted.v1'>, tx: Tx) => {
      await this.tallies.partnerDeleted(tx, event.payload.partnerId);
      const removed = await this.assignments.removePartner(tx, event.payload.partnerId);
      this.logger.log(`partner ${event.payload.partnerId} deleted: ${removed} assignment(s) removed`);
    },
  };
}
