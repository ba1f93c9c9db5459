import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** What a pass needs of its member. */
export interface PassHolderRow {
  id: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  /** 'YYYY-MM-DD' or null. */
  birth_date: string | null;
  pass_version: number;
  /** The version of the member's photo (member_photos, decision 372), or null when none. */
  photo_version: number | null;
}

/** A row of the revocations list: the member, the version now, and the change's key. */
export interface PassRevocationRow {
  id: string;
  pass_version: number;
  xid: string;
}

const run = <T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> =>
  tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());

/**
 * The member pass's columns of members (migration 0007): the holder, the revoke (the version moves
 * on, in the caller's transaction), and the revocations list by (pass_revoked_xid, id).
 */
@Injectable()
export class MemberPassRepository {
  constructor(private readonly em: EntityManager) {}

  /** The member's pass holder, or null (no such member, or erased: an erased member has no pass). */
  async holder(memberId: string): Promise<PassHolderRow | null> {
    const rows = await run<PassHolderRow>(
      this.em.fork(),
      `select id, first_name, last_name, phone, birth_date::text as birth_date, pass_version,
              (select p.version from member_photos p where p.member_id = members.id) as photo_version
         from members where id = ? and erased_at is null`,
      [memberId],
    );
    return rows[0] ?? null;
  }

  /**
   * An erased member's pass version (the erasure moved it on), or null: the wallet service patches the
   * member's Google Wallet object to it, so the old secret dies and the name goes.
   */
  async erasedPassVersion(memberId: string): Promise<number | null> {
    const rows = await run<{ pass_version: number }>(
      this.em.fork(),
      'select pass_version from members where id = ? and erased_at is not null',
      [memberId],
    );
    return rows[0]?.pass_version ?? null;
  }

  /**
   * One page of the revocations: members whose pass moved on (revoked or erased) after the key
   * `after`, in (pass_revoked_xid, id) order along members_pass_revoked_order; with `since` (a
   * snapshot), only those changed by a transaction it does not see. The page's `since` is a snapshot
   * taken before it is read.
   */
  async revocationsPage(
    since: string | null,
    after: { xid: string; id: string } | null,
    limit: number,
  ): Promise<{ rows: PassRevocationRow[]; since: string }> {
    const em = this.em.fork();
    const [{ snapshot }] = await run<{ snapshot: string }>(
      em,
      'select pg_current_snapshot()::text as snapshot',
      [],
    );
    const where: string[] = ['pass_revoked_xid is not null'];
    const params: unknown[] = [];
    if (after) {
      where.push('(pass_revoked_xid, id) > (?::xid8, ?::uuid)');
      params.push(after.xid, after.id);
    }
    if (since !== null) {
      where.push('pass_revoked_xid >= pg_snapshot_xmin(?::pg_snapshot)');
      where.push('not pg_visible_in_snapshot(pass_revoked_xid, ?::pg_snapshot)');
      params.push(since, since);
    }
    const rows = await run<PassRevocationRow>(
      em,
      `select id, pass_version, pass_revoked_xid::text as xid from members
        where ${where.join(' and ')}
        order by pass_revoked_xid, id limit ?`,
      [...params, limit],
    );
    return { rows, since: snapshot! };
  }

  /** Whether `since` cannot be this database's (a snapshot of transactions not begun yet: a restore's). */
  async isFromAnotherTimeline(since: string): Promise<boolean> {
    const rows = await run<{ ahead: boolean }>(
      this.em.fork(),
      'select pg_snapshot_xmax(?::pg_snapshot) > pg_snapshot_xmax(pg_current_snapshot()) as ahead',
      [since],
    );
    return rows[0]?.ahead === true;
  }
}
