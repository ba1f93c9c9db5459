import {
  RPC,
  STATEMENT_REFUSALS,
  type Actor,
  type RpcMeta,
  type RpcRequestPayload,
  type Statement,
  type StatementDetail,
  type PeriodTotals,
  type StatementPage,
} from '@avpass/contracts';
import { addDays } from '@avpass/domain';
import {
  AuditTrail,
  diffChanges,
  DomainError,
  Idempotency,
  PartnerDirectory,
  Transactions,
  type SqlClause,
} from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { scopedPartner } from '../preview';
import { nameOfPartner, partnerNames } from '../partners';
import { toLine, toStatement } from './statement.mapper';
import { StatementsRepository, type StatementMove, type StatementRow } from './statements.repository';

const CURSOR_MESSAGE = 'cursor is not valid; start again from the first page';

/** The first and last business day of a month 'YYYY-MM'. */
export function periodDays(period: string): { from: string; to: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
  return { from: `${period}-01`, to: addDays(`${next}-01`, -1) };
}

/**
 * Partner statements (issue 39): issued once per partner and month, then approved or disputed by the
 * partner, resolved into a new revision by the administrator, and marked paid. Each move is audited in
 * its own transaction, under the statement's row lock, so two moves at once cannot both pass.
 */
@Injectable()
export class StatementsService {
  constructor(
    private readonly statements: StatementsRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
    private readonly partners: PartnerDirectory,
    private readonly idempotency: Idempotency,
  ) {}

  async list(
    query: RpcRequestPayload<'statements.statements.list.v1'>,
    actor: Actor,
  ): Promise<StatementPage> {
    const partnerId =
      actor.role === 'super_admin' ? query.partnerId?.toLowerCase() : scopedPartner(query.partnerId, actor);
    const filters: SqlClause[] = [];
    if (partnerId) filters.push({ sql: 'partner_id = ?', params: [partnerId] });
    if (query.period) filters.push({ sql: 'period = ?::date', params: [`${query.period}-01`] });
    // Superseded revisions are history: listed only when asked for.
    filters.push(
      query.status
        ? { sql: 'status = ?', params: [query.status] }
        : { sql: "status <> 'superseded'", params: [] },
    );
    const where = {
      sql: filters.map((f) => f.sql).join(' and '),
      params: filters.flatMap((f) => f.params),
    };
    const page = await this.statements.page(where, query);
    const partners = await partnerNames(
      this.partners,
      page.rows.map((row) => row.partner_id),
    );
    return {
      items: page.rows.map((row) => toStatement(row, partners.get(row.partner_id)!)),
      nextCursor: page.nextCursor,
    };
  }

  async get(
    query: RpcRequestPayload<'statements.statements.get.v1'>,
    actor: Actor,
  ): Promise<StatementDetail> {
    const row = visible(await this.statements.find(query.id), actor);
    const after = query.cursor === undefined ? 0 : Number(query.cursor);
    if (!Number.isSafeInteger(after) || after < 0)
      throw DomainError.validation(CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
    const lines = await this.statements.lines(row.id, after, query.limit);
    const last = lines[lines.length - 1];
    return {
      ...(await this.named(row)),
      lines: lines.map(toLine),
      nextCursor: lines.length === query.limit && last ? String(last.position) : null,
    };
  }

  /** The month's current statements summed (the administrator's screen). */
  async totals(period: string): Promise<PeriodTotals> {
    const rows = await this.statements.periodTotals(period);
    const club = rows.reduce((sum, r) => sum + Number(r.club), 0);
    const partner = rows.reduce((sum, r) => sum + Number(r.partner), 0);
    return {
      period,
      statements: rows.reduce((sum, r) => sum + Number(r.n), 0),
      byStatus: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
      clubOwesCents: club,
      partnerOwesCents: partner,
      netCents: club - partner,
    };
  }

  /** The statement's row when the actor may see it (another partner's is a 404). */
  async visibleRow(id: string, actor: Actor): Promise<StatementRow> {
    return visible(await this.statements.find(id), actor);
  }

  /** The partner approves its issued statement. */
  approve(id: string, actor: Actor, meta: RpcMeta): Promise<Statement> {
    return this.moveOwn(id, actor, meta, () => ({ status: 'approved' }), 'statements.statement.approved');
  }

  /** The partner disputes its issued statement: a reason, optionally per line (lines of this statement). */
  dispute(input: RpcRequestPayload<'statements.statements.dispute.v1'>, actor: Actor, meta: RpcMeta) {
    const lineIds = [...new Set((input.lineIds ?? []).map((l) => l.toLowerCase()))];
    return this.moveOwn(
      input.id,
      actor,
      meta,
      async (tx) => {
        if ((await this.statements.foreignLines(input.id, lineIds, tx)).length)
          throw DomainError.validation(STATEMENT_REFUSALS.foreignLine, {
            lineIds: [STATEMENT_REFUSALS.foreignLine],
          });
        return { status: 'disputed', reason: input.reason, lineIds };
      },
      'statements.statement.disputed',
      { reason: input.reason, lines: lineIds.length },
    );
  }

  /**
   * The administrator records the payment of an issued or approved statement, once per Idempotency-Key
   * (the caller's): a retry answers the first payment, the same key with another body is the 409.
   */
  async markPaid(
    input: RpcRequestPayload<'statements.statements.mark-paid.v1'>,
    actor: Actor,
    meta: RpcMeta,
  ): Promise<Statement> {
    // Its partner's name asked before the row is locked (no other service's round trip under the lock).
    const found = await this.statements.find(input.id);
    if (!found) throw DomainError.notFound('Statement');
    const partner = await nameOfPartner(this.partners, found.partner_id);
    const call = { actor, operation: RPC.statements.markPaid, request: input };
    return this.idempotency.once(call, async (tx) => {
      const row = await this.statements.lock(tx, input.id);
      if (!row) throw DomainError.notFound('Statement');
      if (row.status !== 'issued' && row.status !== 'approved')
        throw DomainError.conflict(STATEMENT_REFUSALS.notPayable(row.status));
      const paid = await this.statements.move(tx, row.id, {
        status: 'paid',
        paidAt: input.paidAt,
        reference: input.reference,
      });
      this.auditMove(tx, meta, 'statements.statement.paid', paid, {
        paidAt: input.paidAt,
        reference: input.reference,
      });
      return toStatement(paid, partner);
    });
  }

  /** A move of an issued statement by its own partner (another's, or the administrator's, is a 404). */
  private async moveOwn(
    id: string,
    actor: Actor,
    meta: RpcMeta,
    move: (tx: Parameters<Parameters<Transactions['run']>[0]>[0]) => StatementMove | Promise<StatementMove>,
    action: 'statements.statement.approved' | 'statements.statement.disputed',
    changes: Record<string, unknown> = {},
  ): Promise<Statement> {
    const moved = await this.transactions.run(async (tx) => {
      const row = visible(await this.statements.lock(tx, id), actor);
      if (row.status !== 'issued') throw DomainError.conflict(STATEMENT_REFUSALS.notIssued(row.status));
      const moved = await this.statements.move(tx, row.id, await move(tx));
      this.auditMove(tx, meta, action, moved, changes);
      return moved;
    });
    return this.named(moved);
  }

  /** The row as answered, with its partner's name. */
  async named(row: StatementRow): Promise<Statement> {
    return toStatement(row, await nameOfPartner(this.partners, row.partner_id));
  }

  /** The audit entry of a move of `row`, in its transaction. */
  auditMove(
    tx: Parameters<AuditTrail['appendEntry']>[0],
    meta: RpcMeta | null,
    action:
      | 'statements.statement.issued'
      | 'statements.statement.approved'
      | 'statements.statement.disputed'
      | 'statements.statement.resolved'
      | 'statements.statement.paid',
    row: StatementRow,
    details: Record<string, unknown>,
  ): void {
    this.audit.appendEntry(tx, meta, {
      action,
      targetType: 'statement',
      targetId: row.id,
      companyId: row.partner_id,
      changes: diffChanges(null, { status: row.status, ...details }),
    });
  }
}

export const netOf = (row: StatementRow) => Number(row.club_owes_cents) - Number(row.partner_owes_cents);

/** The row when the actor may see it: the administrator any, a company its own; else a 404. */
function visible(row: StatementRow | null, actor: Actor): StatementRow {
  if (!row || (actor.role !== 'super_admin' && row.partner_id !== actor.companyId?.toLowerCase()))
    throw DomainError.notFound('Statement');
  return row;
}
