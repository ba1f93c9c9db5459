import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** A member's photo as the URLs and the administrator's page need it (no bytes). */
export interface MemberPhotoVersion {
  version: number;
  updatedAt: Date;
}

const run = <T>(tx: EntityManager, sql: string, params: unknown[]): Promise<T[]> =>
  tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());

/**
 * member_photos (migration 0008, decision 372): one 256 px JPEG per member. Writes take the caller's
 * transaction, in which the member's row is locked first (`lockLiveMember`), so an upload and an
 * erasure or a merge of the same member follow one another and a photo never outlives an erasure.
 */
@Injectable()
export class MemberPhotosRepository {
  constructor(private readonly em: EntityManager) {}

  /** Locks the member's row for the change; false when there is no such member or they were erased. */
  async lockLiveMember(tx: EntityManager, memberId: string): Promise<boolean> {
    const rows = await run(tx, 'select id from members where id = ? and erased_at is null for update', [
      memberId,
    ]);
    return rows.length > 0;
  }

  /** The live member's photo version and date (photo null: none); null when no such member or erased. */
  async photoOfMember(memberId: string): Promise<{ photo: MemberPhotoVersion | null } | null> {
    const rows = await run<{ version: number | null; updated_at: Date | null }>(
      this.em.fork(),
      `select p.version, p.updated_at
         from members m left join member_photos p on p.member_id = m.id
        where m.id = ? and m.erased_at is null`,
      [memberId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      photo: row.version === null ? null : { version: row.version, updatedAt: new Date(row.updated_at!) },
    };
  }

  /** The JPEG of this version of the member's photo, or null (another version, none, or the member is gone). */
  async photoContent(memberId: string, version: number): Promise<Buffer | null> {
    const rows = await run<{ content: Buffer }>(
      this.em.fork(),
      `select p.content
         from member_photos p join members m on m.id = p.member_id
        where p.member_id = ? and p.version = ? and m.erased_at is null`,
      [memberId, version],
    );
    return rows[0]?.content ?? null;
  }

  /** The member's whole photo, for their export; null when none. */
  async photoForExport(memberId: string): Promise<{ content: Buffer; updatedAt: Date } | null> {
    const rows = await run<{ content: Buffer; updated_at: Date }>(
      this.em.fork(),
      'select content, updated_at from member_photos where member_id = ?',
      [memberId],
    );
    const row = rows[0];
    return row ? { content: row.content, updatedAt: new Date(row.updated_at) } : null;
  }

  /**
   * Stores the member's photo at a version never used before (member_photo_versions), and says the one
   * it replaced (null: none).
   */
  async storePhoto(
    tx: EntityManager,
    memberId: string,
    content: Buffer,
    contentType: string,
  ): Promise<MemberPhotoVersion & { before: number | null }> {
    // The one it replaces, locked: two uploads at once each say the version they replaced.
    const earlier = await run<{ version: number }>(
      tx,
      'select version from member_photos where member_id = ? for update',
      [memberId],
    );
    const rows = await run<{ version: number; updated_at: Date }>(
      tx,
      `insert into member_photos (member_id, content, content_type) values (?, ?, ?)
       on conflict (member_id) do update
          set content = excluded.content, content_type = excluded.content_type,
              version = nextval('member_photo_versions'), updated_at = now()
       returning version, updated_at`,
      [memberId, content, contentType],
    );
    const row = rows[0]!;
    return {
      version: row.version,
      updatedAt: new Date(row.updated_at),
      before: earlier[0]?.version ?? null,
    };
  }

  /** Deletes the member's photo; the version it had, or null when there was none. */
  async deletePhoto(tx: EntityManager, memberId: string): Promise<number | null> {
    const rows = await run<{ version: number }>(
      tx,
      'delete from member_photos where member_id = ? returning version',
      [memberId],
    );
    return rows[0]?.version ?? null;
  }

  /**
   * A merge: `intoId` keeps its own photo, else takes `fromId`'s (whose row goes with its member).
   * The version the target now has when it took one, else null.
   */
  async takePhotoOnMerge(tx: EntityManager, intoId: string, fromId: string): Promise<number | null> {
    const rows = await run<{ version: number }>(
      tx,
      `update member_photos set member_id = ?
        where member_id = ? and not exists (select 1 from member_photos where member_id = ?)
       returning version`,
      [intoId, fromId, intoId],
    );
    return rows[0]?.version ?? null;
  }
}
