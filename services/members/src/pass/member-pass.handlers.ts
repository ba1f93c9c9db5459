import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { requireActor, RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MemberPassService } from './member-pass.service';

/** The member pass's subjects (rpc-contracts/member-pass.ts); the gateway checks sessions and roles. */
@Controller()
export class MemberPassHandlers {
  constructor(private readonly passes: MemberPassService) {}

  @RpcHandler(RPC.members.memberPass)
  memberPass({ memberId }: In<typeof RPC.members.memberPass>) {
    return this.passes.memberPass(memberId);
  }

  @RpcHandler(RPC.members.revokeOwnPass)
  revokeOwn(input: In<typeof RPC.members.revokeOwnPass>, meta: RpcMeta) {
    return this.passes.revokeOwn(input, meta);
  }

  @RpcHandler(RPC.members.revokePass)
  revoke(input: In<typeof RPC.members.revokePass>, meta: RpcMeta) {
    return this.passes.revokeAsAdministrator(input, meta);
  }

  @RpcHandler(RPC.members.passKeys)
  passKeys(_input: In<typeof RPC.members.passKeys>, meta: RpcMeta) {
    requireActor(meta);
    return this.passes.passKeys();
  }

  @RpcHandler(RPC.members.passRevocations)
  revocations(input: In<typeof RPC.members.passRevocations>, meta: RpcMeta) {
    requireActor(meta);
    return this.passes.revocations(input);
  }

  @RpcHandler(RPC.members.judgeTillPass)
  judge(input: In<typeof RPC.members.judgeTillPass>, meta: RpcMeta) {
    return this.passes.judge(input, meta);
  }
}
