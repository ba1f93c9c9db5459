import { pgArray } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A code given to a member: who holds it, the till's view of the name, and where it came from. */
export interface HolderRow {
  id: string;
  memberId: string;
  holderName: string;
  source: string;
}

/**
 * The holder columns of qr_codes (issue 41, decision 321): which code a member already got from a
 * source, a batch's unused codes nobody holds, and the writes of holders (issue, erasure, merge).
 */
@Injectable()
export class HolderWritesRepository {
  /** The codes already issued from `source` to these members (the key of qr_codes_issued_unique). */
  async issuedFrom(
    tx: EntityManager,
    source: string,
    memberIds: readonly string[],
  ): Promise<{ memberId: string; id: string }[]> {
    if (!memberIds.length) return [];
    // A member who holds a merged duplicate's code from the source already has one.
    return tx.execute(
      `select case when holder_member_id = any(?::uuid[]) then holder_member_id else issued_for end as "memberId", id
         from qr_codes
        where holder_source = ?::uuid and (issued_for = any(?::uuid[]) or holder_member_id = any(?::uuid[]))
        order by created_at desc, id desc`,
      [pgArray(memberIds), source, pgArray(memberIds), pgArray(memberIds)],
    );
  }

  /**
   * Up to `count` of the batch's codes nobody holds and nobody used, oldest first (a stable order),
   * locked so a concurrent issue takes others (SKIP LOCKED): along qr_codes_batch_id_created_at_index.
   */
  async unheldBatchCodes(tx: EntityManager, batchId: string, count: number): Promise<string[]> {
    if (count <= 0) return [];
    const rows: { id: string }[] = await tx.execute(
      `select id from qr_codes
        where batch_id = ?::uuid and holder_member_id is null and issued_for is null
          and usage_count = 0 and is_active
        order by created_at, id limit ? for update skip locked`,
      [batchId, count],
    );
    return rows.map((row) => row.id);
  }

  /** Records each code's holder (a batch's codes handed out). */
  async hold(tx: EntityManager, rows: readonly HolderRow[]): Promise<void> {
    if (!rows.length) return;
    await tx.execute(
      `update qr_codes q set holder_member_id = x.member_id, issued_for = x.member_id,
                             holder_name = x.holder_name, holder_source = x.source
         from json_to_recordset(?::json) as x(id uuid, member_id uuid, holder_name text, source uuid)
        where q.id = x.id`,
      [
        JSON.stringify(
          rows.map((r) => ({ id: r.id, member_id: r.memberId, holder_name: r.holderName, source: r.source })),
        ),
      ],
    );
  }

  /** An erased member's codes keep their holder id (statements, stats) but lose the till's name. */
  async forgetHolderName(tx: EntityManager, memberId: string): Promise<number> {
    const rows: unknown[] = await tx.execute(
      `update qr_codes set holder_name = null
        where holder_member_id = ?::uuid and holder_name is not null returning id`,
      [memberId],
    );
    return rows.length;
  }

  /** A merged duplicate's codes are held by the member it was merged into. */
  async moveHolder(tx: EntityManager, fromMemberId: string, intoMemberId: string): Promise<number> {
    const rows: unknown[] = await tx.execute(
      `update qr_codes set holder_member_id = ?::uuid where holder_member_id = ?::uuid returning id`,
      [intoMemberId, fromMemberId],
    );
    return rows.length;
  }
}
