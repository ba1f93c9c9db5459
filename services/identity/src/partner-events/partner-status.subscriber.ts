import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber, Tx } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { SessionsRepository } from '../sessions/sessions.repository';
import { UsersRepository } from '../users/users.repository';
import { PartnerStatusesRepository } from './partner-statuses.repository';

/**
 * A deactivated partner's staff are signed out everywhere and refused at sign-in until it is
 * reactivated (the users themselves keep their own Active flag). A session started while the event
 * was on its way ends here too, and resolving any of them is refused once this commits (decision 161).
 */
@Injectable()
export class PartnerStatusSubscriber implements EventSubscriber {
  readonly consumerName = 'identity';
  private readonly logger = new Logger(PartnerStatusSubscriber.name);

  constructor(
    private readonly statuses: PartnerStatusesRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
  ) {}

  readonly handlers = {
    'partners.partner.status-changed.v1': async (
      event: DomainEvent<'partners.partner.status-changed.v1'>,
      tx: Tx,
    ) => {
      const { partnerId, isActive, version } = event.payload;
      if (!(await this.statuses.apply(tx, { companyId: partnerId, isActive, version }))) return;
      if (isActive) {
        this.logger.log(`partner ${partnerId} reactivated: its staff may sign in again`);
        return;
      }
      const userIds = (await this.users.listByCompany(partnerId, tx)).map((user) => user.id);
      const ended = await this.sessions.deleteForUsers(userIds, undefined, tx);
      this.logger.log(`partner ${partnerId} deactivated: ${ended} session(s) of its staff ended`);
    },
  };
}
