import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MemberPassesService, WalletPassesService } from './passes';

/**
 * Wallet passes (issue 29). Every call is public, as the voucher page is: the voucher's id is the
 * capability, and Apple's web service calls carry the pass's own token (checked by the service).
 */
@Controller()
export class WalletHandlers {
  constructor(
    private readonly wallet: WalletPassesService,
    private readonly members: MemberPassesService,
  ) {}

  @RpcHandler(RPC.wallet.availability)
  availability() {
    return this.wallet.availability();
  }

  @RpcHandler(RPC.wallet.applePass)
  applePass(input: In<typeof RPC.wallet.applePass>, meta: RpcMeta) {
    return this.wallet.applePass(input.id, meta);
  }

  @RpcHandler(RPC.wallet.googleSaveLink)
  googleSaveLink(input: In<typeof RPC.wallet.googleSaveLink>, meta: RpcMeta) {
    return this.wallet.googleSaveLink(input.id, meta);
  }

  /** The member pass (issue 43): the member is the gateway's member session's, never the request's. */
  @RpcHandler(RPC.wallet.memberApplePass)
  memberApplePass(input: In<typeof RPC.wallet.memberApplePass>, meta: RpcMeta) {
    return this.members.memberApplePass(input.memberId, meta);
  }

  @RpcHandler(RPC.wallet.memberGoogleSaveLink)
  memberGoogleSaveLink(input: In<typeof RPC.wallet.memberGoogleSaveLink>, meta: RpcMeta) {
    return this.members.memberGoogleSaveLink(input.memberId, meta);
  }

  @RpcHandler(RPC.wallet.registerDevice)
  registerDevice(input: In<typeof RPC.wallet.registerDevice>) {
    return this.wallet.register(input);
  }

  @RpcHandler(RPC.wallet.unregisterDevice)
  unregisterDevice(input: In<typeof RPC.wallet.unregisterDevice>) {
    return this.wallet.unregister(input);
  }

  @RpcHandler(RPC.wallet.updatedPasses)
  updatedPasses(input: In<typeof RPC.wallet.updatedPasses>) {
    return this.wallet.updatedPasses(input);
  }

  @RpcHandler(RPC.wallet.latestPass)
  latestPass(input: In<typeof RPC.wallet.latestPass>, meta: RpcMeta) {
    return this.wallet.latestPass(input, meta);
  }

  @RpcHandler(RPC.wallet.deviceLog)
  deviceLog(input: In<typeof RPC.wallet.deviceLog>) {
    return this.wallet.deviceLog(input);
  }
}
