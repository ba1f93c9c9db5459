import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { ExclusivesService } from './exclusives.service';

/** Project Rooted exclusives (spec section 7, "Exclusives"): the administrator's only. */
@Controller()
export class ExclusivesHandlers {
  constructor(private readonly exclusives: ExclusivesService) {}

  @RpcHandler(RPC.vouchers.createExclusive)
  create(input: In<typeof RPC.vouchers.createExclusive>, meta: RpcMeta) {
    return this.exclusives.create(requireSuperAdmin(meta), input, meta);
  }

  @RpcHandler(RPC.vouchers.listExclusives)
  list(query: In<typeof RPC.vouchers.listExclusives>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.exclusives.list(query);
  }
}
