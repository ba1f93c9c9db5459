import type { DomainEvent } from '@avpass/contracts';
import type { EventSubscriber } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { MemberPassesService } from './member-passes.service';

/** The members service revoked a member's pass (issue 43): their Google Wallet object gets the new secret. */
@Injectable()
export class MemberPassRevokedSubscriber implements EventSubscriber {
  readonly consumerName = 'wallet';

  constructor(private readonly members: MemberPassesService) {}

  readonly handlers = {
    'members.pass.revoked.v1': (event: DomainEvent<'members.pass.revoked.v1'>) =>
      this.members.revoked(event.payload.memberId, event.payload.passVersion),
  };
}
