import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { RenderResolverService } from './render-resolver.service';

/** Internal: the rendering service asks which codes the caller may print. */
@Controller()
export class RenderHandlers {
  constructor(private readonly resolver: RenderResolverService) {}

  @RpcHandler(RPC.vouchers.resolveForRender)
  resolve(input: In<typeof RPC.vouchers.resolveForRender>, meta: RpcMeta) {
    return this.resolver.resolve(requireActor(meta), input);
  }

  @RpcHandler(RPC.vouchers.resolveLinks)
  resolveLinks(input: In<typeof RPC.vouchers.resolveLinks>, meta: RpcMeta) {
    return this.resolver.resolveLinks(requireActor(meta), input);
  }

  @RpcHandler(RPC.vouchers.chunkStarts)
  chunkStarts(input: In<typeof RPC.vouchers.chunkStarts>, meta: RpcMeta) {
    return this.resolver.chunkStarts(requireActor(meta), input);
  }
}
