import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { staffNameOf } from './till-answers';
import { TillConflictsService } from './till-conflicts.service';
import { TillMemberCodesService } from './till-member-codes.service';
import { TillService } from './till.service';

/** The till (issue 25): check, redeem and today's redemptions, for a partner's staff and the administrator. */
@Controller()
export class TillHandlers {
  constructor(
    private readonly till: TillService,
    private readonly memberPass: TillMemberCodesService,
    private readonly conflicts: TillConflictsService,
  ) {}

  @RpcHandler(RPC.vouchers.tillCheck)
  check(input: In<typeof RPC.vouchers.tillCheck>, meta: RpcMeta) {
    return this.till.check(requireActor(meta), input);
  }

  @RpcHandler(RPC.vouchers.tillRedeem)
  redeem(input: In<typeof RPC.vouchers.tillRedeem>, meta: RpcMeta) {
    return this.till.redeemAtTill(requireActor(meta), input, meta);
  }

  /**
   * Internal, from the gateway's POST /api/till/pass (issue 43): the till's partner comes in the
   * request, and must be the signed-in staff's own (the administrator: any, or null for every code).
   */
  @RpcHandler(RPC.vouchers.tillMemberCodes)
  memberCodes(input: In<typeof RPC.vouchers.tillMemberCodes>, meta: RpcMeta) {
    return this.memberPass.memberCodes(requireActor(meta), input);
  }

  /** GET /api/till/conflicts (issue 43): "Needs attention", the administrator's or the partner's own. */
  @RpcHandler(RPC.vouchers.tillConflicts)
  conflictsList(input: In<typeof RPC.vouchers.tillConflicts>, meta: RpcMeta) {
    return this.conflicts.list(requireActor(meta), input);
  }

  /** POST /api/till/conflicts/{id}/handle with the optional Idempotency-Key. */
  @RpcHandler(RPC.vouchers.handleTillConflict)
  handleConflict(input: In<typeof RPC.vouchers.handleTillConflict>, meta: RpcMeta) {
    const actor = requireActor(meta);
    return this.conflicts.handle(actor, input, staffNameOf(actor));
  }

  @RpcHandler(RPC.vouchers.tillRecent)
  recent(input: In<typeof RPC.vouchers.tillRecent>, meta: RpcMeta) {
    return this.till.recent(requireActor(meta), input);
  }
}
