import type { Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';

/** Redemptions counted toward a member's limit (redemptions.member_id, decision 322). */
@Injectable()
export class MemberRedemptionsRepository {
  /**
   * A merged duplicate's redemptions count for the member it was merged into, so a later cancel gives
   * the use back to that member's counter (along redemptions_member_index).
   */
  async moveMember(tx: Tx, fromMemberId: string, intoMemberId: string): Promise<number> {
    const rows: unknown[] = await tx.execute(
      'update redemptions set member_id = ?::uuid where member_id = ?::uuid returning id',
      [intoMemberId, fromMemberId],
    );
    return rows.length;
  }
}
