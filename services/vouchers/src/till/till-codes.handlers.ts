import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { TillCodesService } from './till-codes.service';

/** The till's offline copy (issue 37): the codes a partner's till may honour, whole or by delta. */
@Controller()
export class TillCodesHandlers {
  constructor(private readonly copy: TillCodesService) {}

  @RpcHandler(RPC.vouchers.tillCodes)
  codes(input: In<typeof RPC.vouchers.tillCodes>, meta: RpcMeta) {
    return this.copy.codes(requireActor(meta), input);
  }
}
