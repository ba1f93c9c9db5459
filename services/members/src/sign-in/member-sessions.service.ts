import { RPC, type MemberActor, type MemberProfile, type RpcMeta } from '@avpass/contracts';
import { DomainError, RpcClient } from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MEMBERS_CONFIG, type MembersConfig } from '../config';
import { MemberSessionsRepository } from './member-sessions.repository';
import { sha256 } from './sign-in-secrets';

/** A member's session once signed in: who a token is, its end, and the member's own profile. */
@Injectable()
export class MemberSessionsService {
  constructor(
    @Inject(MEMBERS_CONFIG) private readonly config: MembersConfig,
    private readonly sessions: MemberSessionsRepository,
    private readonly rpc: RpcClient,
  ) {}

  resolveMemberSession(token: string): Promise<MemberActor | null> {
    return this.sessions.resolve(sha256(token), this.config.MEMBER_SESSION_IDLE_MINUTES);
  }

  async endMemberSession(token: string): Promise<{ message: string }> {
    await this.sessions.end(sha256(token));
    return { message: 'Signed out' };
  }

  /**
   * The member's first name, language and athlete credit balance: the credits service's sum over the
   * credits linked to the member (decision 336), null when none is.
   */
  async memberProfile(memberId: string, meta: Pick<RpcMeta, 'requestId'>): Promise<MemberProfile> {
    const row = await this.sessions.profile(memberId);
    if (!row) throw DomainError.notFound('Member not found');
    const credits = await this.rpc.call(
      RPC.credits.memberCredits,
      { memberId },
      { requestId: meta.requestId },
    );
    return { firstName: row.first_name, language: row.language, creditBalanceCents: credits.balanceCents };
  }
}
