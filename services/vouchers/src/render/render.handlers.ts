import { resolveVouchersRequestSchema, RPC, type RpcRequest } from '@avpass/contracts';
import { parsePayload } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { requireActor } from '../actor';
import { RenderResolverService } from './render-resolver.service';

/** Internal: the rendering service asks which codes the caller may print. */
@Controller()
export class RenderHandlers {
  constructor(private readonly resolver: RenderResolverService) {}

  @MessagePattern(RPC.vouchers.resolveForRender)
  resolve(@Payload() request: RpcRequest<unknown>) {
    return this.resolver.resolve(requireActor(request), parsePayload(resolveVouchersRequestSchema, request));
  }
}
