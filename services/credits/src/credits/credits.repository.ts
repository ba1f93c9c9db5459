import {
  allOf,
  column,
  keysetOrder,
  likeEscape,
  type KeysetList,
  type SqlClause,
  SqlEventWriter,
} from '@avpass/platform';
import {
  CREDIT_SORT_DEFAULT_ORDER,
  type CreditListStatus,
  type CreditSort,
  type SortOrder,
} from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { CreditRow } from './credit.mapper';

export interface NewCredit {
  id: string;
  athleteName: string;
  athleteImage: string | null;
  athleteRole: string;
  totalAmount: number;
  monthlyAmount: number;
  duration: number;
  startDate: string;
  endDate: string;
  notes: string | null;
  partnerId: string | null;
  partnerName: string | null;
  memberId: string | null;
  createdAt: string;
  createdBy: string;
}

export interface CreditPageQuery extends CreditFilter {
  cursor?: string | undefined;
  offset: number;
  limit: number;
  sort?: CreditSort | undefined;
  order?: SortOrder | undefined;
}

/** What narrows a credits list: who may see, the search box, the status and partner filters. */
export interface CreditFilter {
  visible: SqlClause;
  search?: string | undefined;
  status?: CreditListStatus | undefined;
  partnerId?: string | undefined;
  /** The business day ('YYYY-MM-DD'), for the status: expired when the end date is before it. */
  today: string;
}

/** A listed (active) credit's status as the table shows it (libs/domain creditState): expired after its end date. */
function creditListStatusSql(
  status: CreditListStatus | undefined,
  today: string,
  alias = 'c',
): SqlClause | null {
  if (!status) return null;
  return { sql: `${alias}.end_date ${status === 'expired' ? '<' : '>='} ?::date`, params: [today] };
}

function creditFilterSql(filter: CreditFilter): SqlClause {
  return allOf(
    { sql: 'c.is_active', params: [] },
    filter.visible,
    creditSearchSql(filter.search),
    creditListStatusSql(filter.status, filter.today),
    filter.partnerId ? { sql: 'c.partner_id = ?', params: [filter.partnerId] } : null,
  );
}

/**
 * The expression each sort of the credits list reads along, each an index of active credits (credits
 * migrations 20261208 for the name, 20261209 for the end date and the creation time ascending by
 * keyset both ways); the id breaks ties.
 */
const CREDIT_LIST: KeysetList<CreditSort> = {
  id: 'c.id',
  sorts: {
    createdAt: { expression: 'c.created_at', type: 'timestamptz' },
    athleteName: { expression: 'lower(c.athlete_name)', type: 'text' },
    endDate: { expression: 'c.end_date', type: 'date' },
  },
  defaultSort: 'createdAt',
  defaultOrder: CREDIT_SORT_DEFAULT_ORDER,
  // Newest first keeps the old cursor; every other order's cursor says which it is.
  plainCursor: { sort: 'createdAt', column: 'c.created_at', orders: 'newest-first' },
};

/** Athlete name (substring, trigram index) or role (exact word) typed in a search box. */
export function creditSearchSql(search: string | undefined, alias = 'c'): SqlClause | null {
  const text = search?.trim();
  if (!text) return null;
  return {
    sql: `${alias}.athlete_name ilike ? or ${alias}.athlete_role = ?`,
    params: [`%${likeEscape(text)}%`, text.toLowerCase()],
  };
}

/** Credits with money to spend on `today`: active, balance above zero, not past their end date. */
function spendableSql(today: string, alias = 'c'): SqlClause {
  return {
    sql: `${alias}.is_active and ${alias}.current_balance > 0 and ${alias}.end_date >= ?::date`,
    params: [today],
  };
}

/** The type-ahead's order: athlete name A-Z (case-insensitive), then id. */
const BY_ATHLETE_NAME: KeysetList<'athleteName'> = {
  id: 'c.id',
  sorts: { athleteName: { expression: 'lower(c.athlete_name)', type: 'text' } },
  defaultSort: 'athleteName',
  defaultOrder: { athleteName: 'asc' },
};

export interface SpendablePageQuery {
  visible: SqlClause;
  today: string;
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** The athlete_credits table. */
@Injectable()
export class CreditsRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly events: SqlEventWriter,
  ) {}

  /** In the caller's transaction when given one. */
  private run<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T[]> {
    if (tx) return tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
    return this.em.fork().getConnection().execute(sql, params, 'all');
  }

  /** The new credit and its credits.credit.created.v1 event, in one statement (in the caller's transaction). */
  async create(tx: EntityManager, input: NewCredit): Promise<CreditRow> {
    const event = this.events.writeEventsFrom(
      'credits.credit.created.v1',
      'inserted',
      {
        creditId: column('id'),
        athleteName: column('athlete_name'),
        athleteRole: column('athlete_role'),
        partnerId: column('partner_id'),
        totalAmount: column('total_amount'),
        endDate: column(`to_char(end_date, 'YYYY-MM-DD')`),
        createdAt: input.createdAt,
      },
      input.createdAt,
    );
    const rows = await this.run<{ row: CreditRow; eventPayload: unknown }>(
      `with inserted as (
         insert into athlete_credits (id, athlete_name, athlete_image, athlete_role, total_amount, monthly_amount,
           duration, start_date, end_date, current_balance, used_amount, notes, partner_id, partner_name,
           member_id, is_active, created_at, created_by, updated_at)
         values (?, ?, ?, ?, ?, ?, ?, ?::date, ?::date, ?, 0, ?, ?, ?, ?::uuid, true, ?::timestamptz, ?, ?::timestamptz)
         returning *
       ), event as (${event.sql})
       select to_jsonb(i) as row, event.payload as "eventPayload" from inserted i, event`,
      [
        input.id,
        input.athleteName,
        input.athleteImage,
        input.athleteRole,
        input.totalAmount,
        input.monthlyAmount,
        input.duration,
        input.startDate,
        input.endDate,
        input.totalAmount,
        input.notes,
        input.partnerId,
        input.partnerName,
        input.memberId,
        input.createdAt,
        input.createdBy,
        input.createdAt,
        ...event.params,
      ],
      tx,
    );
    event.written(rows.map((r) => r.eventPayload));
    return rows[0]!.row;
  }

  async findById(id: string, visible: SqlClause = { sql: 'true', params: [] }): Promise<CreditRow | null> {
    const rows = await this.run<{ row: CreditRow }>(
      `select to_jsonb(c) as row from athlete_credits c where c.id = ? and (${visible.sql})`,
      [id, ...visible.params],
    );
    return rows[0]?.row ?? null;
  }

  /**
   * A page of active (not deactivated) credits, newest first by keyset (the old cursor), or in another
   * sort with a cursor that carries that sort (a cursor of another sort is a 400).
   */
  async page(query: CreditPageQuery): Promise<{ rows: CreditRow[]; nextCursor: string | null }> {
    const keyset = keysetOrder(CREDIT_LIST, query);
    const where = allOf(creditFilterSql(query), keyset.after);
    const rows = await this.run<{ row: CreditRow; cursor_at: string; sort_value: string | null; id: string }>(
      `select to_jsonb(c) as row, ${keyset.keyColumns}, c.id from athlete_credits c
        where ${where.sql} order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, query.limit, query.cursor ? 0 : query.offset],
    );
    return { rows: rows.map((r) => r.row), nextCursor: keyset.next(rows, query.limit) };
  }

  async count(filter: CreditFilter): Promise<number> {
    const where = creditFilterSql(filter);
    const rows = await this.run<{ n: number }>(
      `select count(*)::int as n from athlete_credits c where ${where.sql}`,
      where.params,
    );
    return rows[0]?.n ?? 0;
  }

  /** Credits the actor may process with money left and not past their end date (the Active Athletes card). */
  async countSpendable(visible: SqlClause, today: string): Promise<number> {
    const where = allOf(spendableSql(today), visible);
    const rows = await this.run<{ n: number }>(
      `select count(*)::int as n from athlete_credits c where ${where.sql}`,
      where.params,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * A page of the spendable credits the actor may process whose athlete name contains `search`
   * (trigram index), by name A-Z, by keyset: the till's type-ahead.
   */
  async spendablePage(query: SpendablePageQuery): Promise<{ rows: CreditRow[]; nextCursor: string | null }> {
    const text = query.search?.trim();
    const keyset = keysetOrder(BY_ATHLETE_NAME, { cursor: query.cursor });
    const where = allOf(
      spendableSql(query.today),
      query.visible,
      text ? { sql: 'c.athlete_name ilike ?', params: [`%${likeEscape(text)}%`] } : null,
      keyset.after,
    );
    const rows = await this.run<{ row: CreditRow; sort_value: string | null; id: string }>(
      `select to_jsonb(c) as row, ${keyset.keyColumns}, c.id from athlete_credits c
        where ${where.sql} order by ${keyset.orderBy} limit ?`,
      [...where.params, query.limit],
    );
    return { rows: rows.map((r) => r.row), nextCursor: keyset.next(rows, query.limit) };
  }

  /**
   * Removes the credit when it has no transactions; otherwise deactivates it (its ledger is money
   * history). A transaction committing meanwhile makes the delete fail on the foreign key: deactivate.
   */
  async removeOrDeactivate(
    tx: EntityManager,
    id: string,
    at: string,
  ): Promise<{ outcome: 'deleted' | 'deactivated'; before: CreditRow } | null> {
    // The credit's row lock first: a charge (a conditional UPDATE of this row that inserts the ledger
    // row) waits for it, so whether the credit has transactions cannot change until the commit.
    const locked = await this.run<{ row: CreditRow }>(
      'select to_jsonb(c) as row from athlete_credits c where c.id = ? for update',
      [id],
      tx,
    );
    const before = locked[0]?.row;
    if (!before) return null;
    const deleted = await this.run<{ id: string }>(
      `delete from athlete_credits c where c.id = ?
         and not exists (select 1 from credit_transactions t where t.credit_id = c.id) returning c.id`,
      [id],
      tx,
    );
    if (deleted.length) return { outcome: 'deleted', before };
    await this.run(
      'update athlete_credits set is_active = false, updated_at = ?::timestamptz where id = ?',
      [at, id],
      tx,
    );
    return { outcome: 'deactivated', before };
  }
}
