import {
  RPC,
  type Actor,
  type CheckSendSourceResponse,
  type CodeHolder,
  type IssueToMembersResponse,
} from '@avpass/contracts';
import { RpcClient } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** The most holders one call names (issueToMembersRequestSchema). */
export const ISSUE_CHUNK = 1000;
/** Issuing a thousand codes is one transaction of the vouchers service: longer than a plain call. */
const ISSUE_TIMEOUT_MS = 60_000;

export type VoucherSource = { qrCodeId: string } | { batchId: string };

/**
 * Asks the vouchers service for the members' codes, in chunks of 1,000, as the administrator who sent. Idempotent there per
 * (member, source): a page asked again after a crash answers the same codes.
 */
@Injectable()
export class VoucherIssuer {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * Whether the source exists and may be given out, asked before a send is recorded (decision 340): the
   * vouchers service's refusal (404, or 409 for a voucher no longer usable) is the send's answer.
   */
  async checkSource(actor: Actor, source: VoucherSource): Promise<CheckSendSourceResponse> {
    return this.rpc.call(RPC.vouchers.checkSendSource, { source }, { requestId: randomUUID(), actor });
  }

  async issue(actor: Actor, source: VoucherSource, holders: CodeHolder[]): Promise<IssueToMembersResponse> {
    const answer: IssueToMembersResponse = { issued: [], refused: [] };
    for (let at = 0; at < holders.length; at += ISSUE_CHUNK) {
      const chunk = holders.slice(at, at + ISSUE_CHUNK);
      const parsed = await this.rpc.call(
        RPC.vouchers.issueToMembers,
        { source, holders: chunk },
        { requestId: randomUUID(), actor },
        ISSUE_TIMEOUT_MS,
      );
      answer.issued.push(...parsed.issued);
      answer.refused.push(...parsed.refused);
    }
    return answer;
  }
}
