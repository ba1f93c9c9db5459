import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber } from '@avpass/platform';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { Session } from '../sessions/session.entity';
import { User } from '../users/user.entity';

/** A deleted partner's portal users are deactivated and signed out everywhere. */
@Injectable()
export class PartnerDeletedSubscriber implements EventSubscriber {
  readonly consumerName = 'identity';
  private readonly logger = new Logger(PartnerDeletedSubscriber.name);

  readonly handlers = {
    'partners.partner.deleted.v1': async (
      event: DomainEvent<'partners.partner.deleted.v1'>,
      em: EntityManager,
    ) => {
      const users = await em.find(User, { companyId: event.payload.partnerId });
      users.forEach((u) => (u.isActive = false));
      await em.flush();
      const ended = users.length
        ? await em.nativeDelete(Session, { userId: { $in: users.map((u) => u.id) } })
        : 0;
      this.logger.log(
        `partner ${event.payload.partnerId} deleted: ${users.length} user(s) deactivated, ${ended} session(s) ended`,
      );
    },
  };
}
