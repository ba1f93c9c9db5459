import { RPC, type RpcMeta, type RpcRequestPayload as In } from '@avpass/contracts';
import { RpcHandler } from '@avpass/platform';
import { Controller } from '@nestjs/common';
import { MembersService } from '../members';
import { MemberSessionsService } from './member-sessions.service';
import { MemberSignInService } from './member-sign-in.service';

/** A member's own sign-in and session (the gateway's /api/member-auth/* and /api/me). */
@Controller()
export class MemberAuthHandlers {
  constructor(
    private readonly signIn: MemberSignInService,
    private readonly sessions: MemberSessionsService,
    private readonly members: MembersService,
  ) {}

  @RpcHandler(RPC.members.signInLink)
  signInLink(input: In<typeof RPC.members.signInLink>, meta: RpcMeta) {
    return this.signIn.requestLink(input, meta);
  }

  @RpcHandler(RPC.members.signInCode)
  signInCode(input: In<typeof RPC.members.signInCode>, meta: RpcMeta) {
    return this.signIn.requestCode(input, meta);
  }

  @RpcHandler(RPC.members.signInChannels)
  signInChannels() {
    return this.signIn.signInChannels();
  }

  @RpcHandler(RPC.members.verifySignIn)
  verifySignIn(input: In<typeof RPC.members.verifySignIn>, meta: RpcMeta) {
    return this.signIn.verify(input, meta);
  }

  @RpcHandler(RPC.members.resolveMemberSession)
  resolveMemberSession({ token }: In<typeof RPC.members.resolveMemberSession>) {
    return this.sessions.resolveMemberSession(token);
  }

  @RpcHandler(RPC.members.endMemberSession)
  endMemberSession({ token }: In<typeof RPC.members.endMemberSession>) {
    return this.sessions.endMemberSession(token);
  }

  @RpcHandler(RPC.members.memberProfile)
  memberProfile({ memberId }: In<typeof RPC.members.memberProfile>, meta: RpcMeta) {
    return this.sessions.memberProfile(memberId, meta);
  }

  /** The member's own language, changed as an administrator's edit is (audited, its event sent). */
  @RpcHandler(RPC.members.setMemberLanguage)
  async setMemberLanguage({ memberId, language }: In<typeof RPC.members.setMemberLanguage>, meta: RpcMeta) {
    await this.members.update(memberId, { language }, meta);
    return this.sessions.memberProfile(memberId, meta);
  }
}
