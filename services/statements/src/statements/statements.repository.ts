import { STATEMENT_SORT_DEFAULT_ORDER, type StatementSort, type StatementStatus } from '@avpass/contracts';
import { allOf, keysetOrder, pgArray, type KeysetList, type SqlClause } from '@avpass/platform';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  GROUPED_LEDGER_SQL,
  GROUPING_WORK_MEM_SQL,
  groupedLedgerParams,
  LINE_ORDER,
  SECTION_ORDER,
  type LedgerRange,
} from '../ledger';

/** A statements row as read (bigint sums arrive as text, dates as text). */
export interface StatementRow {
  id: string;
  partner_id: string;
  period: string;
  revision: number;
  status: StatementStatus;
  club_owes_cents: string;
  partner_owes_cents: string;
  line_count: number;
  issued_at: string;
  approved_at: string | null;
  disputed_at: string | null;
  dispute_reason: string | null;
  disputed_line_ids: string[];
  resolution: string | null;
  supersedes_id: string | null;
  paid_at: string | null;
  paid_reference: string | null;
}

export interface LineRow {
  id: string;
  position: number;
  section: string;
  subject_type: string;
  subject_id: string | null;
  label: string;
  quantity: number;
  reversals: number;
  sales_cents: string;
  discount_cents: string;
  partner_funded_cents: string;
  club_owes_cents: string;
  partner_owes_cents: string;
  without_sale_amount: number;
}

const COLUMNS = `id, partner_id, to_char(period, 'YYYY-MM') as period, revision, status, club_owes_cents,
  partner_owes_cents, line_count, issued_at, approved_at, disputed_at, dispute_reason, disputed_line_ids,
  resolution, supersedes_id, to_char(paid_at, 'YYYY-MM-DD') as paid_at, paid_reference`;

/**
 * The expression each sort of the statements list reads along, each the second column of an index
 * after `period` and the first of one across periods (migration 0006); the id breaks ties. Newest
 * first keeps the plain `[issued_at, id]` cursor the list handed out before it sorted.
 */
const STATEMENT_LIST: KeysetList<StatementSort> = {
  id: 's.id',
  sorts: {
    issuedAt: { expression: 's.issued_at', type: 'timestamptz' },
    status: { expression: 's.status', type: 'text' },
    clubOwes: { expression: 's.club_owes_cents', type: 'bigint' },
    partnerOwes: { expression: 's.partner_owes_cents', type: 'bigint' },
    net: { expression: '(s.club_owes_cents - s.partner_owes_cents)', type: 'bigint' },
  },
  defaultSort: 'issuedAt',
  defaultOrder: STATEMENT_SORT_DEFAULT_ORDER,
  plainCursor: { sort: 'issuedAt', column: 's.issued_at', orders: 'newest-first' },
};

/** The moves of a statement's life: the columns each sets besides `status`. */
export type StatementMove =
  | { status: 'approved' }
  | { status: 'disputed'; reason: string; lineIds: string[] }
  | { status: 'superseded' }
  | { status: 'paid'; paidAt: string; reference: string };

/** `statements` and their frozen `statement_lines`. */
@Injectable()
export class StatementsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * The partner's first statement of the period, with its lines frozen from the ledger and its totals
   * summed from them, in `tx`; null when the period's statement exists already (issued once).
   */
  async issue(
    tx: EntityManager,
    id: string,
    period: string,
    range: LedgerRange,
  ): Promise<StatementRow | null> {
    const created: { id: string }[] = await tx.execute(
      `insert into statements (id, partner_id, period, revision, status) values (?, ?, ?::date, 1, 'issued')
       on conflict (partner_id, period, revision) do nothing returning id`,
      [id, range.partnerId, `${period}-01`],
    );
    if (!created.length) return null;
    await tx.execute(GROUPING_WORK_MEM_SQL);
    await tx.execute(
      `insert into statement_lines (statement_id, position, section, subject_type, subject_id, label, quantity,
         reversals, sales_cents, discount_cents, partner_funded_cents, club_owes_cents, partner_owes_cents,
         reversed_cents, without_sale_amount)
       select ?::uuid, row_number() over (order by ${SECTION_ORDER}, ${LINE_ORDER}), section, subject_type, subject_id,
              label, quantity, reversals, sales, discount, partner_funded, club, partner, reversed, without_sale
         from (${GROUPED_LEDGER_SQL}) g`,
      [id, ...groupedLedgerParams(range)],
    );
    return this.sumLines(tx, id);
  }

  /**
   * A new revision of `old` (a resolved dispute): its lines copied, then `adjustments` as resolution
   * lines after them, and the totals summed again. `old` itself is left as it is (the caller supersedes it).
   */
  async revise(
    tx: EntityManager,
    id: string,
    old: StatementRow,
    resolution: string,
    adjustments: { label: string; clubOwesCents: number; partnerOwesCents: number }[],
  ): Promise<StatementRow> {
    await tx.execute(
      `insert into statements (id, partner_id, period, revision, status, resolution, supersedes_id)
       values (?, ?, ?::date, ?, 'issued', ?, ?)`,
      [id, old.partner_id, `${old.period}-01`, old.revision + 1, resolution, old.id],
    );
    await tx.execute(
      `insert into statement_lines (statement_id, position, section, subject_type, subject_id, label, quantity,
         reversals, sales_cents, discount_cents, partner_funded_cents, club_owes_cents, partner_owes_cents,
         reversed_cents, without_sale_amount)
       select ?, position, section, subject_type, subject_id, label, quantity, reversals, sales_cents, discount_cents,
              partner_funded_cents, club_owes_cents, partner_owes_cents, reversed_cents, without_sale_amount
         from statement_lines where statement_id = ?`,
      [id, old.id],
    );
    if (adjustments.length)
      await tx.execute(
        `insert into statement_lines (statement_id, position, section, subject_type, label, club_owes_cents, partner_owes_cents)
         select ?, ? + x.i, 'resolution', 'adjustment', x.label, x.club, x.partner
           from json_to_recordset(?::json) as x(i int, label text, club bigint, partner bigint)`,
        [
          id,
          old.line_count,
          JSON.stringify(
            adjustments.map((a, i) => ({
              i: i + 1,
              label: a.label,
              club: a.clubOwesCents,
              partner: a.partnerOwesCents,
            })),
          ),
        ],
      );
    return this.sumLines(tx, id);
  }

  /** The statement, locked for a move in `tx`; null when there is none. */
  async lock(tx: EntityManager, id: string): Promise<StatementRow | null> {
    const rows: StatementRow[] = await tx.execute(
      `select ${COLUMNS} from statements where id = ? for update`,
      [id],
    );
    return rows[0] ?? null;
  }

  async find(id: string): Promise<StatementRow | null> {
    const rows: StatementRow[] = await this.em.execute(`select ${COLUMNS} from statements where id = ?`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  /** Which of `ids` are current statements (not superseded) of the period ('YYYY-MM'). */
  async currentOfPeriod(period: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows: { id: string }[] = await this.em.execute(
      `select id from statements
        where id = any(?::uuid[]) and period = to_date(?, 'YYYY-MM') and status <> 'superseded'`,
      [pgArray(ids), period],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Sets the statement's status and the move's own columns; resolves to the row as it now is. */
  async move(tx: EntityManager, id: string, move: StatementMove): Promise<StatementRow> {
    const set: [string, unknown[]][] = [['status = ?', [move.status]]];
    if (move.status === 'approved') set.push(['approved_at = now()', []]);
    if (move.status === 'disputed')
      set.push([
        'disputed_at = now(), dispute_reason = ?, disputed_line_ids = ?::uuid[]',
        [move.reason, `{${move.lineIds.join(',')}}`],
      ]);
    if (move.status === 'paid')
      set.push(['paid_at = ?::date, paid_reference = ?', [move.paidAt, move.reference]]);
    const rows: StatementRow[] = await tx.execute(
      `update statements set ${set.map(([sql]) => sql).join(', ')} where id = ? returning ${COLUMNS}`,
      [...set.flatMap(([, params]) => params), id],
    );
    return rows[0]!;
  }

  /** Which of `lineIds` are not lines of the statement. */
  async foreignLines(statementId: string, lineIds: string[], tx: EntityManager = this.em): Promise<string[]> {
    if (!lineIds.length) return [];
    const rows: { id: string }[] = await tx.execute(
      `select x.id from unnest(?::uuid[]) as x(id)
        where not exists (select 1 from statement_lines l where l.id = x.id and l.statement_id = ?)`,
      [pgArray(lineIds), statementId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * A page of statements in the list's order (newest first unless `sort` says otherwise), by keyset
   * (a cursor of another sort is a 400); `where` scopes and filters.
   */
  async page(
    where: SqlClause,
    query: { sort?: StatementSort; order?: 'asc' | 'desc'; cursor?: string; limit: number },
  ) {
    const keyset = keysetOrder(STATEMENT_LIST, query);
    const clause = allOf(where, keyset.after);
    const rows: (StatementRow & { cursor_at: string; sort_value: string | null })[] = await this.em.execute(
      `select ${COLUMNS}, ${keyset.keyColumns} from statements s where ${clause.sql}
        order by ${keyset.orderBy} limit ?`,
      [...clause.params, query.limit],
    );
    return { rows, nextCursor: keyset.next(rows, query.limit) };
  }

  /** A month's current statements (not superseded) summed, by status: one index range of `period`. */
  async periodTotals(
    period: string,
  ): Promise<{ status: StatementStatus; n: string; club: string; partner: string }[]> {
    return this.em.execute(
      `select status, count(*) as n, coalesce(sum(club_owes_cents), 0) as club,
              coalesce(sum(partner_owes_cents), 0) as partner
         from statements where period = ?::date and status <> 'superseded' group by status`,
      [`${period}-01`],
    );
  }

  /** A page of the statement's lines in their order, after position `after`. */
  async lines(statementId: string, after: number, limit: number): Promise<LineRow[]> {
    return this.em.execute(
      `select id, position, section, subject_type, subject_id, label, quantity, reversals, sales_cents, discount_cents,
              partner_funded_cents, club_owes_cents, partner_owes_cents, without_sale_amount
         from statement_lines where statement_id = ? and position > ? order by position limit ?`,
      [statementId, after, limit],
    );
  }

  private async sumLines(tx: EntityManager, id: string): Promise<StatementRow> {
    await tx.execute(
      `update statements s set club_owes_cents = l.club, partner_owes_cents = l.partner, line_count = l.n
         from (select coalesce(sum(club_owes_cents), 0) as club, coalesce(sum(partner_owes_cents), 0) as partner,
                      count(*) as n
                 from statement_lines where statement_id = ?) l
        where s.id = ?`,
      [id, id],
    );
    const rows: StatementRow[] = await tx.execute(`select ${COLUMNS} from statements where id = ?`, [id]);
    return rows[0]!;
  }
}
