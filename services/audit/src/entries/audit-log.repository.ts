import type { AuditEntry } from '@avpass/contracts';
import { afterCursorSql, allOf, nextCursor, type SqlClause, type Tx } from '@avpass/platform';
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

interface AuditLogRow {
  id: string;
  at: Date;
  cursor_at: string;
  actor_type: AuditEntry['actorType'];
  actor_id: string | null;
  actor_name: string | null;
  actor_role: AuditEntry['actorRole'];
  actor_company_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  company_id: string | null;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
  changes: AuditEntry['changes'];
  service: string;
}

const eq = (column: string, value: string | undefined): SqlClause | null =>
  value === undefined || value === '' ? null : { sql: `${column} = ?`, params: [value] };

/** The audit_log table: the read model of every service's audit entries. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly em: EntityManager) {}

  /** Idempotent by the entry's id: a redelivered event adds nothing. Returns whether it was new. */
  async insert(tx: Tx, e: AuditEntry): Promise<boolean> {
    const rows: unknown[] = await tx.execute(
      `insert into audit_log (id, at, actor_type, actor_id, actor_name, actor_role, actor_company_id,
         action, target_type, target_id, company_id, request_id, ip, user_agent, changes, service)
       values (?, ?::timestamptz, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?)
       on conflict (id) do nothing returning id`,
      [
        e.id,
        e.at,
        e.actorType,
        e.actorId,
        e.actorName,
        e.actorRole,
        e.actorCompanyId,
        e.action,
        e.targetType,
        e.targetId,
        e.companyId,
        e.requestId,
        e.ip,
        e.userAgent,
        e.changes === null ? null : JSON.stringify(e.changes),
        e.service,
      ],
    );
    return rows.length > 0;
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
      sql: `select *, at::text as cursor_at from audit_log where ${where.sql} order by at desc, id desc limit ?`,
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
    return { items: rows.map(toEntry), nextCursor: nextCursor(rows, q.limit) };
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

function toEntry(r: AuditLogRow): AuditEntry {
  return {
    id: r.id,
    at: new Date(r.at).toISOString(),
    actorType: r.actor_type,
    actorId: r.actor_id,
    actorName: r.actor_name,
    actorRole: r.actor_role,
    actorCompanyId: r.actor_company_id,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    companyId: r.company_id,
    requestId: r.request_id,
    ip: r.ip,
    userAgent: r.user_agent,
    changes: r.changes,
    service: r.service,
  };
}
