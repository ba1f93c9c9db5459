import type { Actor, AuditEntry, AuditPage, AuditQuery } from '@avpass/contracts';
import { DomainError, type SqlClause } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';

/**
 * A staff member's entry not about its company (`company_id is distinct from actor_company_id`), word
 * for word the predicate of the partial index audit_log_staff_elsewhere and of its statistics
 * (migration 20261208): the planner uses that index only for this very expression.
 */
const STAFF_ELSEWHERE = 'coalesce(company_id <> actor_company_id, actor_company_id is not null)';

/**
 * Who reads which entries: the administrator every entry; a company_admin the entries about its
 * company (company_id) and its own staff's actions (actor_company_id); anyone else none.
 */
export function visibleEntriesSql(actor: Actor): SqlClause[] {
  if (actor.role === 'super_admin') return [{ sql: 'true', params: [] }];
  if (actor.role === 'company_admin' && actor.companyId) {
    // Two disjoint branches, each served by its index: audit_log_company, and the partial
    // audit_log_staff_elsewhere of the staff's few entries not about their company.
    return [
      { sql: 'company_id = ?', params: [actor.companyId] },
      { sql: `actor_company_id = ? and ${STAFF_ELSEWHERE}`, params: [actor.companyId] },
    ];
  }
  throw DomainError.forbidden('You may not read the audit trail');
}

/** A page when `limit` is not given. */
const DEFAULT_PAGE = 50;

@Injectable()
export class AuditEntriesService {
  constructor(private readonly log: AuditLogRepository) {}

  async list(actor: Actor, query: AuditQuery): Promise<AuditPage> {
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
      const message = 'from must not be after to';
      throw DomainError.validation(message, { from: [message] });
    }
    const page = await this.log.page({
      visible: visibleEntriesSql(actor),
      ...query,
      limit: query.limit ?? DEFAULT_PAGE,
    });
    return { ...page, items: page.items.map((entry) => asSeenBy(actor, entry)) };
  }
}

/**
 * An entry as its reader may see it (issue 37): the administrator sees every entry whole; a company's
 * reader sees where an entry came from (address, user agent) only when one of its own staff made it. An
 * entry about the company made by the administrator, a member or another company's staff keeps its who
 * and what, but not their address or device.
 */
export function asSeenBy(actor: Actor, entry: AuditEntry): AuditEntry {
  if (actor.role === 'super_admin') return entry;
  if (actor.companyId && entry.actorCompanyId === actor.companyId) return entry;
  return { ...entry, ip: null, userAgent: null };
}
