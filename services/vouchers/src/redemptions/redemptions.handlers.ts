import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { RedeemService } from './redeem.service';
import { RedemptionUndoService } from './redemption-undo.service';
import { StatsService } from './stats.service';

/** Redemptions: make one at the member's page, list them, undo a mistaken one (issue 25). */
@Controller()
export class RedemptionsHandlers {
  constructor(
    private readonly redeemer: RedeemService,
    private readonly lists: StatsService,
    private readonly undo: RedemptionUndoService,
  ) {}

  @RpcHandler(RPC.vouchers.redeem)
  redeem({ id, idempotencyKey, transactionAmount }: In<typeof RPC.vouchers.redeem>, meta: RpcMeta) {
    return this.redeemer.redeem(id, idempotencyKey, meta, transactionAmount);
  }

  @RpcHandler(RPC.vouchers.adminRedemptions)
  adminRedemptions(query: In<typeof RPC.vouchers.adminRedemptions>, meta: RpcMeta) {
    return this.lists.redemptions(requireSuperAdmin(meta), query);
  }

  @RpcHandler(RPC.vouchers.companyRedemptions)
  companyRedemptions(query: In<typeof RPC.vouchers.companyRedemptions>, meta: RpcMeta) {
    return this.lists.redemptions(requireActor(meta), query);
  }

  @RpcHandler(RPC.vouchers.cancelRedemption)
  cancel(input: In<typeof RPC.vouchers.cancelRedemption>, meta: RpcMeta) {
    return this.undo.cancel(requireActor(meta), input, meta);
  }
}
