import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { RedemptionUndoService } from './redemption-undo.service';

/** Redemptions after the fact (issue 25): undo a mistaken one. */
@Controller()
export class RedemptionsHandlers {
  constructor(private readonly undo: RedemptionUndoService) {}

  @RpcHandler(RPC.vouchers.cancelRedemption)
  cancel(input: In<typeof RPC.vouchers.cancelRedemption>, meta: RpcMeta) {
    return this.undo.cancel(requireActor(meta), input, meta);
  }
}
