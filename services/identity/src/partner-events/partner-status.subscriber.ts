import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber, Tx } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { PartnerStatusesRepository } from '../partner-statuses';
import { SessionRevocations, SessionsRepository } from '../sessions';
import { UsersRepository } from '../users';

/**
 * A deactivated partner's staff are signed out everywhere and refused at sign-in until it is
 * reactivated (the users themselves keep their own Active flag). A session a sign-in wrote while the
 * event was being applied is refused by AuthService.resolve while the partner is inactive, and ended
 * on reactivation (decision 161).
 */
@Injectable()
export class PartnerStatusSubscriber implements EventSubscriber {
  readonly consumerName = 'identity';
  private readonly logger = new Logger(PartnerStatusSubscriber.name);

  constructor(
    private readonly statuses: PartnerStatusesRepository,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly revocations: SessionRevocations,
  ) {}

  readonly handlers = {
    'partners.partner.status-changed.v1': async (
      event: DomainEvent<'partners.partner.status-changed.v1'>,
      tx: Tx,
    ) => {
      const { partnerId, isActive, version } = event.payload;
      if (!(await this.statuses.apply(tx, { companyId: partnerId, isActive, version }))) return;
      // Deactivated: every session of its staff ends. Reactivated: any session still there was started
      // by a sign-in that raced the deactivation (none can start while it is known), so it ends too.
      const userIds = (await this.users.listByCompany(partnerId, tx)).map((user) => user.id);
      const ended = await this.sessions.deleteForUsers(userIds, undefined, tx);
      // Every gateway forgets its staff's sessions once this commits (decision 350).
      this.revocations.revokeAfterCommit(tx, { userIds, companyIds: [partnerId] });
      this.logger.log(
        `partner ${partnerId} ${isActive ? 'reactivated' : 'deactivated'}: ${ended} session(s) of its staff ended`,
      );
    },
  };
}
