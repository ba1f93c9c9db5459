import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { DomainError, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { HeldVouchersService } from './held-vouchers.service';
import { IssueToMembersService } from './issue-to-members.service';

/**
 * Internal subjects of the members service (issue 41). NATS is not public: the gateway exposes neither.
 * A call with an actor is the administrator's (the members service forwards its request); without one
 * it is the members service's own worker.
 */
@Controller()
export class HoldersHandlers {
  constructor(
    private readonly issuing: IssueToMembersService,
    private readonly held: HeldVouchersService,
  ) {}

  @RpcHandler(RPC.vouchers.issueToMembers)
  issueToMembers(input: In<typeof RPC.vouchers.issueToMembers>, meta: RpcMeta) {
    if (meta.actor && meta.actor.role !== 'super_admin') throw DomainError.forbidden();
    return this.issuing.issue(input, meta);
  }

  @RpcHandler(RPC.vouchers.checkSendSource)
  checkSendSource(input: In<typeof RPC.vouchers.checkSendSource>, meta: RpcMeta) {
    if (meta.actor && meta.actor.role !== 'super_admin') throw DomainError.forbidden();
    return this.issuing.checkSource(input.source);
  }

  @RpcHandler(RPC.vouchers.heldVouchers)
  heldVouchers({ memberId, cursor, limit }: In<typeof RPC.vouchers.heldVouchers>, meta: RpcMeta) {
    if (meta.actor && meta.actor.role !== 'super_admin') throw DomainError.forbidden();
    return this.held.page(memberId, cursor, limit);
  }
}
