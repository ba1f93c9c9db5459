import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber, Tx } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { SessionsRepository } from '../sessions/sessions.repository';
import { UsersRepository } from '../users/users.repository';

/** A deleted partner's portal users are deactivated and signed out everywhere. */
@Injectable()
export class PartnerDeletedSubscriber implements EventSubscriber {
  readonly consumerName = 'identity';
  private readonly logger = new Logger(PartnerDeletedSubscriber.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  readonly handlers = {
    'partners.partner.deleted.v1': async (event: DomainEvent<'partners.partner.deleted.v1'>, tx: Tx) => {
      const userIds = await this.users.deactivateCompanyUsers(tx, event.payload.partnerId);
      const ended = await this.sessions.deleteForUsers(userIds, undefined, tx);
      this.logger.log(
        `partner ${event.payload.partnerId} deleted: ${userIds.length} user(s) deactivated, ${ended} session(s) ended`,
      );
    },
  };
}
