import { CREDIT_MESSAGES, RPC, type MemberCredits, type RpcMeta } from '@avpass/contracts';
import { DomainError, RpcClient, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { CreditsSettings } from '../settings';
import { toAdminCredit } from './credit.mapper';
import { MemberCreditsRepository } from './member-credits.repository';

/**
 * The link of an athlete credit to a member (issue 41, decision 336): checked with the members service
 * when made, read as the member's balance, cleared when the member is erased and moved when merged.
 */
@Injectable()
export class MemberCreditsService {
  constructor(
    private readonly links: MemberCreditsRepository,
    private readonly settings: CreditsSettings,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * Before a credit names `memberId` (in the create's transaction): the member exists and is not erased
   * (the members service's answer), and stays so until the commit (the member's lock, which their
   * erased or merged event takes too). Otherwise a 400 on `memberId`.
   */
  async requireLinkableMember(tx: Tx, memberId: string, meta: RpcMeta): Promise<void> {
    await this.links.lockMember(tx, memberId);
    try {
      await this.rpc.call(
        RPC.members.get,
        { id: memberId },
        { requestId: meta.requestId, actor: meta.actor },
      );
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') {
        throw DomainError.validation(CREDIT_MESSAGES.memberNotFound, {
          memberId: [CREDIT_MESSAGES.memberNotFound],
        });
      }
      throw error;
    }
  }

  /** A page of the member's credits (newest first, by keyset cursor) and the balance of those still active. */
  async memberCredits(memberId: string, page: { limit: number; cursor?: string }): Promise<MemberCredits> {
    const now = this.settings.now();
    const found = await this.links.memberCredits(memberId, this.settings.today(now), page);
    return {
      balanceCents: found.balance,
      total: found.total,
      credits: found.rows.map((row) => toAdminCredit(row, now, this.settings.timeZone)),
      nextCursor: found.nextCursor,
    };
  }

  /** members.member.erased.v1: the credits and their ledgers stay (statements stay exact); the link goes. */
  async forgetMember(tx: Tx, memberId: string): Promise<number> {
    await this.links.lockMember(tx, memberId);
    return this.links.forgetMember(tx, memberId, this.settings.now().toISOString());
  }

  /** members.member.merged.v1: the duplicate's credits now name the member it was merged into. */
  async moveMember(tx: Tx, fromMemberId: string, toMemberId: string): Promise<number> {
    await this.links.lockMember(tx, fromMemberId);
    return this.links.moveMember(tx, fromMemberId, toMemberId, this.settings.now().toISOString());
  }
}
