import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler, requireSuperAdmin } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { ConsentRepliesService } from './consent-replies.service';
import { DeliveriesService } from './deliveries.service';
import { SendsService } from './sends.service';

/**
 * Vouchers sent to members (the administrator's, the gateway checks the role too), and what members
 * and Twilio answer (public routes: the link's token and Twilio's signature are checked here).
 */
@Controller()
export class SendsHandlers {
  constructor(
    private readonly sends: SendsService,
    private readonly deliveries: DeliveriesService,
    private readonly replies: ConsentRepliesService,
  ) {}

  @RpcHandler(RPC.members.send)
  send(input: In<typeof RPC.members.send>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.sends.send(input, meta);
  }

  @RpcHandler(RPC.members.sendProgress)
  progress({ id }: In<typeof RPC.members.sendProgress>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.sends.progress(id);
  }

  @RpcHandler(RPC.members.channels)
  channels() {
    return this.sends.channels();
  }

  @RpcHandler(RPC.members.deliveries)
  page(query: In<typeof RPC.members.deliveries>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.deliveries.page(query);
  }

  @RpcHandler(RPC.members.resend)
  resend(input: In<typeof RPC.members.resend>, meta: RpcMeta) {
    requireSuperAdmin(meta);
    return this.deliveries.resend(input, meta);
  }

  @RpcHandler(RPC.members.unsubscribe)
  unsubscribe(input: In<typeof RPC.members.unsubscribe>, meta: RpcMeta) {
    return this.replies.unsubscribe(input, meta);
  }

  @RpcHandler(RPC.members.twilioStatus)
  twilioStatus(input: In<typeof RPC.members.twilioStatus>) {
    return this.replies.twilioStatus(input);
  }

  @RpcHandler(RPC.members.twilioInbound)
  twilioInbound(input: In<typeof RPC.members.twilioInbound>, meta: RpcMeta) {
    return this.replies.twilioInbound(input, meta);
  }
}
