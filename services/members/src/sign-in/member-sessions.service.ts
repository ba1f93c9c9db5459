import type { MemberActor, MemberProfile } from '@avpass/contracts';
import { DomainError } from '@avpass/platform';
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
  ) {}

  resolveMemberSession(token: string): Promise<MemberActor | null> {
    return this.sessions.resolve(sha256(token), this.config.MEMBER_SESSION_IDLE_MINUTES);
  }

  async endMemberSession(token: string): Promise<{ message: string }> {
    await this.sessions.end(sha256(token));
    return { message: 'Signed out' };
  }

  /**
   * The member's first name and language. The athlete credit balance is null: a credit names its
   * athlete only (no e-mail, no member id), so no credit can be matched to a member soundly.
   */
  async memberProfile(memberId: string): Promise<MemberProfile> {
    const row = await this.sessions.profile(memberId);
    if (!row) throw DomainError.notFound('Member not found');
    return { firstName: row.first_name, language: row.language, creditBalanceCents: null };
  }
}
