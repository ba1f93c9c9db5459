import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { StockService } from './stock.service';

@Controller()
export class StockHandlers {
  constructor(private readonly stock: StockService) {}

  @RpcHandler(RPC.inventory.createLine)
  create(input: In<typeof RPC.inventory.createLine>, meta: RpcMeta) {
    return this.stock.create(input, requireSuperAdmin(meta), meta);
  }

  @RpcHandler(RPC.inventory.bulkCreateLines)
  bulkCreate(input: In<typeof RPC.inventory.bulkCreateLines>, meta: RpcMeta) {
    return this.stock.bulkCreate(input, requireSuperAdmin(meta), meta);
  }

  @RpcHandler(RPC.inventory.restock)
  restock(input: In<typeof RPC.inventory.restock>, meta: RpcMeta) {
    return this.stock.restock(input, requireSuperAdmin(meta), meta);
  }

  /** An item's lines (its Inventory tab); the item must exist. */
  @RpcHandler(RPC.inventory.itemLines)
  lines(query: In<typeof RPC.inventory.itemLines>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.stock.linesOf(query);
  }

  @RpcHandler(RPC.inventory.summary)
  summary(_: object, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.stock.summary();
  }

  /** The administrator's ledger (by line) or a partner's own rows. */
  @RpcHandler(RPC.inventory.listTransactions)
  transactions(query: In<typeof RPC.inventory.listTransactions>, meta: RpcMeta) {
    return this.stock.transactions(query, requireActor(meta));
  }
}
