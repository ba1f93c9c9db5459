import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MerchItemsService } from './merch-items.service';

/** The merchandise catalogue: the platform administrator's only. */
@Controller()
export class MerchItemsHandlers {
  constructor(private readonly items: MerchItemsService) {}

  @RpcHandler(RPC.inventory.listItems)
  list(query: In<typeof RPC.inventory.listItems>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.items.list(query);
  }

  @RpcHandler(RPC.inventory.createItem)
  create(fields: In<typeof RPC.inventory.createItem>, meta: RpcMeta) {
    return this.items.create(fields, requireSuperAdmin(meta), meta);
  }

  @RpcHandler(RPC.inventory.updateItem)
  update({ id, ...fields }: In<typeof RPC.inventory.updateItem>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.items.update(id, fields, meta);
  }

  @RpcHandler(RPC.inventory.removeItem)
  remove({ id }: In<typeof RPC.inventory.removeItem>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.items.remove(id, meta);
  }
}
