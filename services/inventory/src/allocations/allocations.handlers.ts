import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { AllocationsService } from './allocations.service';

/** The administrator allocates and removes; a partner lists its own and reports usage. */
@Controller()
export class AllocationsHandlers {
  constructor(private readonly allocations: AllocationsService) {}

  @RpcHandler(RPC.inventory.listAllocations)
  list(query: In<typeof RPC.inventory.listAllocations>, meta: RpcMeta) {
    return this.allocations.list(query, requireActor(meta));
  }

  @RpcHandler(RPC.inventory.createAllocation)
  create(input: In<typeof RPC.inventory.createAllocation>, meta: RpcMeta) {
    return this.allocations.create(input, requireSuperAdmin(meta), meta);
  }

  @RpcHandler(RPC.inventory.removeAllocation)
  remove(input: In<typeof RPC.inventory.removeAllocation>, meta: RpcMeta) {
    return this.allocations.remove(input, requireSuperAdmin(meta), meta);
  }

  @RpcHandler(RPC.inventory.updateUsage)
  updateUsage(input: In<typeof RPC.inventory.updateUsage>, meta: RpcMeta) {
    return this.allocations.updateUsage(input, requireActor(meta), meta);
  }
}
