import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireSuperAdmin, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { BatchCatalogue } from './batch-catalogue.service';

/** The administrator's Batches tab and "View Codes" (issue 27). */
@Controller()
export class BatchesHandlers {
  constructor(private readonly batches: BatchCatalogue) {}

  @RpcHandler(RPC.vouchers.adminBatches)
  adminBatches(query: In<typeof RPC.vouchers.adminBatches>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.batches.listBatches(query);
  }

  @RpcHandler(RPC.vouchers.adminBatch)
  adminBatch({ id }: In<typeof RPC.vouchers.adminBatch>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.batches.getBatch(id);
  }
}
