import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** What a wallet pass shows of a member, and the pass version its codes carry. */
export interface PassHolderRow {
  firstName: string;
  lastName: string;
  passVersion: number;
}

/** Reads members (owned by members/) for the wallet passes; writes nothing. */
@Injectable()
export class MemberPassWalletRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The member's name and pass version; null when there is no such member or they were erased.
   * `members.pass_version` is the member pass's (issue 43): read through the row's JSON, a member row
   * without the column yet reads as version 1.
   */
  async holder(memberId: string): Promise<PassHolderRow | null> {
    const rows: { first_name: string; last_name: string; pass_version: string | null }[] = await this.em
      .fork()
      .getConnection()
      .execute(
        `select m.first_name, m.last_name, to_jsonb(m) ->> 'pass_version' as pass_version
           from members m where m.id = ? and m.erased_at is null`,
        [memberId],
      );
    const row = rows[0];
    if (!row) return null;
    return {
      firstName: row.first_name,
      lastName: row.last_name,
      passVersion: row.pass_version ? Number(row.pass_version) : 1,
    };
  }
}
