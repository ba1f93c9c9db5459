import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { TillService } from './till.service';

/** The till (issue 25): check, redeem and today's redemptions, for a partner's staff and the administrator. */
@Controller()
export class TillHandlers {
  constructor(private readonly till: TillService) {}

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
    return this.till.memberCodes(requireActor(meta), input);
  }

  @RpcHandler(RPC.vouchers.tillRecent)
  recent(input: In<typeof RPC.vouchers.tillRecent>, meta: RpcMeta) {
    return this.till.recent(requireActor(meta), input);
  }
}
