import { RPC, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MemberPassWalletService } from './member-pass-wallet.service';

/** The wallet service's questions about a member's pass (issue 43); the internal bus only. */
@Controller()
export class MemberPassWalletHandlers {
  constructor(private readonly passes: MemberPassWalletService) {}

  @RpcHandler(RPC.members.passStaticCode)
  staticCode({ memberId }: In<typeof RPC.members.passStaticCode>) {
    return this.passes.staticCode(memberId);
  }

  @RpcHandler(RPC.members.passTotpSecret)
  totpSecret({ memberId }: In<typeof RPC.members.passTotpSecret>) {
    return this.passes.totpSecret(memberId);
  }
}
