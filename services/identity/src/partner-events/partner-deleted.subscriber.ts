import type { DomainEvent } from '@avpass/contracts';
import { AuditTrail, type EventSubscriber, type Tx } from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { SessionRevocations, SessionsRepository } from '../sessions';
import { UsersRepository } from '../users';

/** A deleted partner's portal users are deactivated and signed out everywhere. */
@Injectable()
export class PartnerDeletedSubscriber implements EventSubscriber {
  readonly consumerName = 'identity';
  private readonly logger = new Logger(PartnerDeletedSubscriber.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsRepository,
    private readonly revocations: SessionRevocations,
    private readonly audit: AuditTrail,
  ) {}

  readonly handlers = {
    'partners.partner.deleted.v1': async (event: DomainEvent<'partners.partner.deleted.v1'>, tx: Tx) => {
      const { all: userIds, wereActive } = await this.users.deactivateCompanyUsersReporting(
        tx,
        event.payload.partnerId,
      );
      const ended = await this.sessions.deleteForUsers(userIds, undefined, tx);
      // Every gateway forgets its staff's sessions once this commits (decision 350).
      this.revocations.revokeAfterCommit(tx, { userIds, companyIds: [event.payload.partnerId] });
      // Done by the platform on the partner's deletion (actor `system`), one entry per user it turned off.
      for (const userId of wereActive) {
        this.audit.appendEntry(tx, null, {
          action: 'identity.portal-user.deactivated',
          targetType: 'user',
          targetId: userId,
          companyId: event.payload.partnerId,
          changes: { isActive: { before: true, after: false } },
        });
      }
      this.logger.log(
        `partner ${event.payload.partnerId} deleted: ${userIds.length} user(s) deactivated, ${ended} session(s) ended`,
      );
    },
  };
}
