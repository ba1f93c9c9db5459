import type { AuditEntry } from '@avpass/contracts';
import {
  afterCursorSql,
  allOf,
  AUDIT_ENTRY_COLUMN_LIST,
  AUDIT_ENTRY_PLACEHOLDERS,
  auditEntryOfRow,
  auditEntryValues,
  nextCursor,
  type AuditEntryDbRow,
  type SqlClause,
  type SqlTx,
} from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface AuditLogPageQuery {
  /**
   * What the reader may see, as disjoint branches (or-ed): each branch is paged by its own index and
   * the branches' pages merged, so an `or` never turns into a sort of every matching row.
   */
  visible: SqlClause[];
  action?: string | undefined;
  actorId?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** A row of audit_log as a page reads it: the entry's columns and the keyset cursor's `at` as text. */
type AuditLogRow = AuditEntryDbRow & { cursor_at: string };

const eq = (column: string, value: string | undefined): SqlClause | null =>
  value === undefined || value === '' ? null : { sql: `${column} = ?`, params: [value] };

/** The audit_log table: the read model of every service's audit entries. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly em: EntityManager) {}

  /** Entries in one statement, idempotent by each entry's id: a redelivered event adds nothing. */
  async insertMany(tx: SqlTx, entries: readonly AuditEntry[]): Promise<void> {
    if (!entries.length) return;
    await tx.execute(
      `insert into audit_log (${AUDIT_ENTRY_COLUMN_LIST})
       values ${entries.map(() => `(${AUDIT_ENTRY_PLACEHOLDERS})`).join(', ')}
       on conflict (id) do nothing`,
      entries.flatMap(auditEntryValues),
    );
  }

  /** One page, newest first, by keyset (at desc, id desc). */
  async page(q: AuditLogPageQuery): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
    const filters = allOf(
      eq('action', q.action),
      eq('actor_id', q.actorId),
      eq('target_type', q.targetType),
      eq('target_id', q.targetId),
      q.from ? { sql: 'at >= ?::timestamptz', params: [q.from] } : null,
      q.to ? { sql: 'at <= ?::timestamptz', params: [q.to] } : null,
      afterCursorSql(q.cursor, 'at', 'id'),
    );
    const branches = q.visible.map((visible) => allOf(visible, filters));
    const one = (where: SqlClause) => ({
      sql: `select ${AUDIT_ENTRY_COLUMN_LIST}, at::text as cursor_at from audit_log where ${where.sql} order by at desc, id desc limit ?`,
      params: [...where.params, q.limit],
    });
    const statement =
      branches.length === 1
        ? one(branches[0]!)
        : {
            sql: `select * from (${branches.map((b) => `(${one(b).sql})`).join(' union all ')}) page
                  order by at desc, id desc limit ?`,
            params: [...branches.flatMap((b) => one(b).params), q.limit],
          };
    const rows: AuditLogRow[] = await this.em.execute(statement.sql, statement.params);
    return { items: rows.map(auditEntryOfRow), nextCursor: nextCursor(rows, q.limit) };
  }

  /** Deletes up to `batch` entries older than `before`; returns how many went. */
  async purgeBatch(before: Date, batch: number): Promise<number> {
    const rows: unknown[] = await this.em.execute(
      `delete from audit_log where id in (
         select id from audit_log where at < ?::timestamptz order by at, id limit ?
       ) returning id`,
      [before.toISOString(), batch],
    );
    return rows.length;
  }
}
