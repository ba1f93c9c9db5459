import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { PreviewService } from './preview';

/** Partner statements (issue 39); the gateway checks roles, the service the partner. */
@Controller()
export class StatementsHandlers {
  constructor(private readonly previews: PreviewService) {}

  @RpcHandler(RPC.statements.preview)
  preview(query: In<typeof RPC.statements.preview>, meta: RpcMeta) {
    return this.previews.preview(query, requireActor(meta));
  }
}
