import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber } from '@avpass/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { AssignmentsRepository } from '../assignment/assignments.repository';
import { TalliesRepository } from '../stats/tallies.repository';

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
    'partners.partner.deleted.v1': async (
      event: DomainEvent<'partners.partner.deleted.v1'>,
      em: EntityManager,
    ) => {
      await this.tallies.partnerDeleted(em, event.payload.partnerId);
      const removed = await this.assignments.removePartner(em, event.payload.partnerId);
      this.logger.log(`partner ${event.payload.partnerId} deleted: ${removed} assignment(s) removed`);
    },
  };
}
