import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { clubWideSql, honouredBySql } from '../codes';

/** A code of the till's copy as the database gives it. */
export interface TillCopyRow {
  id: string;
  custom_title: string | null;
  clinic_name: string;
  service: string;
  discount_type: string;
  discount_value: number;
  usage_limit: number;
  usage_count: number;
  start_date: string | null;
  expiration_date: string | null;
  is_active: boolean;
  /** The holder's columns (issue 41): what the offline check needs of a per-member limit. */
  holder_member_id: string | null;
  holder_name: string | null;
  holder_source: string | null;
  per_member_count: number | null;
  per_member_period: string | null;
}

/** A row of a delta: the code as it is now (null columns: deleted), whether the partner may honour it. */
export interface TillChangeRow extends Partial<TillCopyRow> {
  code_id: string;
  changed_xid: string;
  honoured: boolean;
}

export interface TillPageOf<T> {
  rows: T[];
  /**
   * A snapshot taken just before the page was read (pg_current_snapshot() as text): every change it
   * sees is in the page or an earlier one; the next delta sends exactly the changes it does not see.
   */
  since: string;
}

const COPY_COLUMNS = `q.id, q.custom_title, q.clinic_name, q.service, q.discount_type, q.discount_value,
  q.usage_limit, q.usage_count, q.start_date::text as start_date, q.expiration_date::text as expiration_date,
  q.is_active, q.holder_member_id, q.holder_name, q.holder_source, q.per_member_count, q.per_member_period`;

const SNAPSHOT = 'pg_current_snapshot()::text';

/**
 * What the till's offline copy reads (issue 37): a partner's codes by id, and what changed since a
 * transaction id (till_code_changes, migration 20261214). Each page is one statement, so its rows and
 * its `since` come from the same snapshot.
 */
@Injectable()
export class TillCodesRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The codes `partnerId` may honour with an id after `afterId`, by id, at most `limit`: the first
   * `limit` of each source along its own index (qr_codes_vendor_id_id_index, the active assignments'
   * qr_code_partners_partner_id_index, qr_codes_club_wide_index), merged, then read by primary key.
   */
  async copyPage(partnerId: string, afterId: string | null, limit: number): Promise<TillPageOf<TillCopyRow>> {
    const after = afterId ?? '00000000-0000-0000-0000-000000000000';
    const since = await this.snapshot();
    const rows: TillCopyRow[] = await this.em.fork().execute(
      `with ids as (
         select id from (
           (select id from qr_codes where vendor_id = ?::uuid and id > ?::uuid order by id limit ?)
           union
           (select qr_code_id as id from qr_code_partners
             where partner_id = ?::uuid and is_active and qr_code_id > ?::uuid order by qr_code_id limit ?)
           union
           (select id from qr_codes where ${clubWideSql('qr_codes')} and id > ?::uuid
             order by id limit ?)
         ) merged order by id limit ?)
       select ${COPY_COLUMNS}
         from ids join qr_codes q on q.id = ids.id
        where ${honouredBySql('q')}
        order by q.id`,
      [partnerId, after, limit, partnerId, after, limit, after, limit, limit, partnerId, partnerId],
    );
    return { rows, since };
  }

  /**
   * Codes changed by a transaction the snapshot `since` does not see (from its xmin on, along
   * till_code_changes_xid_index), after the key `after` in (changed_xid, code_id) order, that
   * `partnerId` may honour now or could once (its own, assigned once, or club-wide once): at most `limit`.
   */
  async changesPage(
    partnerId: string,
    since: string,
    after: { xid: string; id: string } | null,
    limit: number,
  ): Promise<TillPageOf<TillChangeRow>> {
    const now = await this.snapshot();
    const from = after
      ? { sql: '(c.changed_xid, c.code_id) > (?::xid8, ?::uuid)', params: [after.xid, after.id] }
      : { sql: 'c.changed_xid >= pg_snapshot_xmin(?::pg_snapshot)', params: [since] };
    const rows: TillChangeRow[] = await this.em.fork().execute(
      `select c.code_id, c.changed_xid::text as changed_xid, ${COPY_COLUMNS},
              coalesce(not c.deleted and ${honouredBySql('q')}, false) as honoured
         from till_code_changes c left join qr_codes q on q.id = c.code_id
        where ${from.sql} and not pg_visible_in_snapshot(c.changed_xid, ?::pg_snapshot)
          and (${honouredBySql('q')} or ?::uuid = any(c.former) or c.was_club_wide)
        order by c.changed_xid, c.code_id limit ?`,
      [partnerId, partnerId, ...from.params, since, partnerId, partnerId, partnerId, limit],
    );
    return { rows, since: now };
  }

  /**
   * Whether `since` cannot be this database's: a snapshot of transactions that have not begun yet
   * (another database's, a restore's). Its delta would send nothing, ever.
   */
  async isFromAnotherTimeline(since: string): Promise<boolean> {
    const rows: { ahead: boolean }[] = await this.em
      .fork()
      .execute('select pg_snapshot_xmax(?::pg_snapshot) > pg_snapshot_xmax(pg_current_snapshot()) as ahead', [
        since,
      ]);
    return rows[0]?.ahead === true;
  }

  private async snapshot(): Promise<string> {
    const rows: { since: string }[] = await this.em.fork().execute(`select ${SNAPSHOT} as since`);
    return rows[0]!.since;
  }
}
