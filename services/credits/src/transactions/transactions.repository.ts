import {
  AuditTrail,
  allOf,
  column,
  keysetOrder,
  likeEscape,
  type KeysetList,
  type SqlClause,
  SqlEventWriter,
  type AuditSqlInsert,
  type StatementClaim,
} from '@avpass/platform';
import type { RpcMeta, SortOrder, TransactionListStatus } from '@avpass/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  chargeCreditSql,
  type CreditRow,
  PLATFORM_SCOPE,
  restoreCreditSql,
  type TransactionRow,
} from '../credits';

/**
 * The ledger newest first (the old cursor) or oldest first: the (created_at desc, id desc) indexes read
 * backwards, with a cursor that says so.
 */
const LEDGER_LIST: KeysetList<'createdAt'> = {
  id: 't.id',
  sorts: { createdAt: { expression: 't.created_at', type: 'timestamptz' } },
  defaultSort: 'createdAt',
  plainCursor: { sort: 'createdAt', column: 't.created_at', orders: 'newest-first' },
};

/** credit_tallies rows per scope and day; concurrent tills pick one at random. */
export const TALLY_SHARDS = 8;

export interface RecordInput {
  id: string;
  creditId: string;
  /** The credits the actor may process (the conditional update refuses the others). */
  processable: SqlClause;
  /** The earliest end date still valid now: today's business date. */
  today: string;
  partnerId: string | null;
  partnerName: string | null;
  transactionType: string;
  amount: number;
  description: string;
  category: string;
  reference: string | null;
  notes: string | null;
  at: string;
  createdBy: string;
  /**
   * The Idempotency-Key's claim (Idempotency.onceInStatement), written by this same statement: it
   * charges only while the key is free and stores the key with the ledger row. None: no key.
   */
  claim?: StatementClaim | null;
  /** The request: its audit entry's actor, address and request id. */
  meta: RpcMeta;
}

export interface VoidInput {
  id: string;
  visible: SqlClause;
  at: string;
  voidedBy: string;
  reason: string;
}

export interface TransactionFilter {
  visible: SqlClause;
  creditId?: string | undefined;
  search?: string | undefined;
  status?: TransactionListStatus | undefined;
  partnerId?: string | undefined;
}

export interface TransactionPageQuery extends TransactionFilter {
  cursor?: string | undefined;
  offset: number;
  limit: number;
  order?: SortOrder | undefined;
}

function transactionFilterSql(filter: TransactionFilter): SqlClause {
  return allOf(
    filter.visible,
    filter.creditId ? { sql: 't.credit_id = ?', params: [filter.creditId] } : null,
    transactionSearchSql(filter.search),
    filter.status
      ? { sql: `t.voided_at is ${filter.status === 'voided' ? 'not ' : ''}null`, params: [] }
      : null,
    filter.partnerId ? { sql: 't.partner_id = ?', params: [filter.partnerId] } : null,
  );
}

/**
 * Athlete name typed in the ledger's search box: the matching credits (trigram index on the 10,000s of
 * credits), then their rows through (credit_id, created_at) — not a trigram scan of a million ledger rows.
 */
function transactionSearchSql(search: string | undefined): SqlClause | null {
  const text = search?.trim();
  if (!text) return null;
  return {
    sql: 't.credit_id in (select c.id from athlete_credits c where c.athlete_name ilike ?)',
    params: [`%${likeEscape(text)}%`],
  };
}

/**
 * One statement per transaction, so it is atomic without a transaction round trip: the conditional
 * UPDATE (chargeCreditSql, which credits/ owns) is the check and the charge (its row lock serialises
 * concurrent charges of a credit across every instance; one that would take the balance below zero,
 * finds the credit past its end date or deactivated, or not the actor's to process, changes nothing),
 * and the ledger row (with balanceAfter), the tallies and the outbox event are inserted from its result.
 * With an Idempotency-Key the statement is also the key's claim (Idempotency.onceInStatement): it
 * charges only while the key is free and inserts the key beside the ledger row, so a concurrent twin
 * that committed first makes it a unique violation and the whole statement changes nothing.
 */
const recordSql = (
  processable: string,
  event: string,
  audit: AuditSqlInsert,
  claim: StatementClaim | null,
) => `with updated as (
    ${chargeCreditSql(`and (${processable}) ${claim ? `and ${claim.unclaimed}` : ''}`)}
  ), inserted as (
    insert into credit_transactions (id, credit_id, athlete_name, partner_id, partner_name, transaction_type,
      amount, description, category, reference, balance_after, notes, created_at, created_by, business_day)
    select ?::uuid, u.id, u.athlete_name, ?::uuid, ?, ?, ?, ?, ?, ?, u.current_balance, ?, ?::timestamptz, ?,
      ?::date from updated u
    returning *
  ), ${claim ? `claim as (${claim.insert('inserted')}), ` : ''}scopes as (
    select '${PLATFORM_SCOPE}'::uuid as scope_id from inserted
    union all
    select partner_id from inserted where partner_id is not null
  ), tally as (
    insert into credit_tallies (scope_id, day, shard, transactions, sales)
    select scope_id, ?::date, ?, 1, ? from scopes order by scope_id
    on conflict (scope_id, day, shard) do update
      set transactions = credit_tallies.transactions + 1, sales = credit_tallies.sales + excluded.sales
  ), event as (
    ${event}
  ), ${audit.ctes}
  select to_jsonb(i) as transaction, to_jsonb(u) as credit, event.payload as "eventPayload",
    ${audit.payloads} as "auditPayloads"
    from inserted i, updated u, event`;

/**
 * The void, one statement: the transaction is marked voided only if it was not (the row lock makes a
 * concurrent second void find it voided and change nothing), and exactly then its amount goes back to
 * the credit (restoreCreditSql, which credits/ owns), the day's sales tally drops and the event is
 * written.
 */
const voidSql = (visible: string, event: string) => `with voided as (
    update credit_transactions t set voided_at = ?::timestamptz, voided_by = ?, void_reason = ?
     where t.id = ? and t.voided_at is null and (${visible})
    returning t.*
  ), restored as (
    ${restoreCreditSql('voided')}
  ), scopes as (
    select '${PLATFORM_SCOPE}'::uuid as scope_id, business_day, amount from voided
    union all
    select partner_id, business_day, amount from voided where partner_id is not null
  ), tally as (
    insert into credit_tallies (scope_id, day, shard, transactions, sales)
    select scope_id, business_day, ?, 0, -amount from scopes order by scope_id
    on conflict (scope_id, day, shard) do update set sales = credit_tallies.sales + excluded.sales
  ), event as (
    ${event}
  )
  select to_jsonb(v) as transaction, to_jsonb(r) as credit, event.payload as "eventPayload"
    from voided v, restored r, event`;

export interface LedgerChange {
  transaction: TransactionRow;
  credit: CreditRow;
}

/** The credit_transactions ledger, its statements and its tallies. */
@Injectable()
export class TransactionsRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly events: SqlEventWriter,
    private readonly audit: AuditTrail,
  ) {}

  /** In the caller's transaction when given one. */
  private run<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T[]> {
    if (tx) return tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());
    return this.em.fork().getConnection().execute(sql, params, 'all');
  }

  /** Charges the credit and writes the ledger row; null when the credit could not be charged (nothing changed). */
  async recordCreditTransaction(input: RecordInput): Promise<LedgerChange | null> {
    const event = this.events.writeEventsFrom(
      'credits.transaction.recorded.v1',
      'inserted',
      {
        transactionId: column('id'),
        creditId: column('credit_id'),
        partnerId: column('partner_id'),
        transactionType: column('transaction_type'),
        amount: column('amount'),
        balanceAfter: column('balance_after'),
        recordedAt: input.at,
        athleteName: column('athlete_name'),
      },
      input.at,
    );
    // Its audit entry, in the same statement: written exactly when the ledger row is.
    const audit = this.audit.appendEntriesFrom(
      input.meta,
      'inserted',
      {
        action: 'credits.transaction.recorded',
        targetType: 'credit-transaction',
        targetId: column('id'),
        companyId: column('partner_id'),
        changes: column(`jsonb_build_object(
          'creditId', jsonb_build_object('before', null, 'after', credit_id),
          'transactionType', jsonb_build_object('before', null, 'after', transaction_type),
          'amount', jsonb_build_object('before', null, 'after', amount),
          'description', jsonb_build_object('before', null, 'after', description),
          'category', jsonb_build_object('before', null, 'after', category),
          'reference', jsonb_build_object('before', null, 'after', reference),
          'currentBalance', jsonb_build_object('before', balance_after + amount, 'after', balance_after))`),
      },
      { at: input.at },
    );
    const shard = Math.floor(Math.random() * TALLY_SHARDS);
    const claim = input.claim ?? null;
    const rows = await this.run<LedgerChange & { eventPayload: unknown; auditPayloads: unknown[] }>(
      recordSql(input.processable.sql, event.sql, audit, claim),
      [
        input.amount,
        input.amount,
        input.at,
        input.creditId,
        input.today,
        input.amount,
        ...input.processable.params,
        ...(claim?.unclaimedParams ?? []),
        input.id,
        input.partnerId,
        input.partnerName,
        input.transactionType,
        input.amount,
        input.description,
        input.category,
        input.reference,
        input.notes,
        input.at,
        input.createdBy,
        input.today,
        ...(claim?.insertParams ?? []),
        input.today,
        shard,
        input.amount,
        ...event.params,
        ...audit.params,
      ],
    );
    event.written(rows.map((r) => r.eventPayload));
    audit.written(rows.flatMap((r) => r.auditPayloads));
    const row = rows[0];
    return row ? { transaction: row.transaction, credit: row.credit } : null;
  }

  /** Voids the transaction if it was not voided yet (in the caller's transaction); null when nothing changed. */
  async void(tx: EntityManager, input: VoidInput): Promise<LedgerChange | null> {
    const event = this.events.writeEventsFrom(
      'credits.transaction.voided.v1',
      'voided v join restored r on r.id = v.credit_id',
      {
        transactionId: column('v.id'),
        creditId: column('v.credit_id'),
        partnerId: column('v.partner_id'),
        amount: column('v.amount'),
        currentBalance: column('r.current_balance'),
        voidedAt: input.at,
        reason: input.reason,
        athleteName: column('v.athlete_name'),
      },
      input.at,
    );
    const shard = Math.floor(Math.random() * TALLY_SHARDS);
    const rows = await this.run<LedgerChange & { eventPayload: unknown }>(
      voidSql(input.visible.sql, event.sql),
      [
        input.at,
        input.voidedBy,
        input.reason,
        input.id,
        ...input.visible.params,
        input.at,
        shard,
        ...event.params,
      ],
      tx,
    );
    event.written(rows.map((r) => r.eventPayload));
    const row = rows[0];
    return row ? { transaction: row.transaction, credit: row.credit } : null;
  }

  async findById(id: string, visible: SqlClause, tx?: EntityManager): Promise<TransactionRow | null> {
    const rows = await this.run<{ row: TransactionRow }>(
      `select to_jsonb(t) as row from credit_transactions t where t.id = ? and (${visible.sql})`,
      [id, ...visible.params],
      tx,
    );
    return rows[0]?.row ?? null;
  }

  /** A page of the ledger, newest first, by keyset. */
  /**
   * A page of the ledger, newest first (or oldest, `order: 'asc'`, the same index read backwards), by
   * keyset: the old cursor is newest first; oldest first has a cursor that says so (the other one is a 400).
   */
  async page(query: TransactionPageQuery): Promise<{ rows: TransactionRow[]; nextCursor: string | null }> {
    const keyset = keysetOrder(LEDGER_LIST, {
      order: query.order === 'asc' ? 'asc' : 'desc',
      cursor: query.cursor,
    });
    const where = allOf(transactionFilterSql(query), keyset.after);
    const rows = await this.run<{
      row: TransactionRow;
      cursor_at: string;
      sort_value: string | null;
      id: string;
    }>(
      `select to_jsonb(t) as row, ${keyset.keyColumns}, t.id from credit_transactions t
        where ${where.sql} order by ${keyset.orderBy} limit ? offset ?`,
      [...where.params, query.limit, query.cursor ? 0 : query.offset],
    );
    return { rows: rows.map((r) => r.row), nextCursor: keyset.next(rows, query.limit) };
  }

  /**
   * Rows counted through the indexes (a credit's ledger, a search, a status or partner), stopping after
   * `bound` + 1 rows: a filter over a million-row ledger is never counted whole.
   */
  async countUpTo(filter: TransactionFilter, bound: number): Promise<number> {
    const where = transactionFilterSql(filter);
    const rows = await this.run<{ n: number }>(
      `select count(*)::int as n from (select 1 from credit_transactions t where ${where.sql} limit ?) hit`,
      [...where.params, bound + 1],
    );
    return rows[0]?.n ?? 0;
  }

  /** The scope's figures from its tallies: all transactions, those of `today`, sales from `monthStart`. */
  async tallies(
    scopeId: string,
    today: string,
    monthStart: string,
  ): Promise<{ transactions: number; today: number; monthSales: number }> {
    const rows = await this.run<{ transactions: string; today: string; month_sales: string }>(
      `select coalesce(sum(transactions), 0)::bigint::text as transactions,
              coalesce(sum(transactions) filter (where day = ?::date), 0)::bigint::text as today,
              coalesce(sum(sales) filter (where day >= ?::date and day <= ?::date), 0)::bigint::text as month_sales
         from credit_tallies where scope_id = ?`,
      [today, monthStart, today, scopeId],
    );
    const row = rows[0];
    return {
      transactions: Number(row?.transactions ?? 0),
      today: Number(row?.today ?? 0),
      monthSales: Number(row?.month_sales ?? 0),
    };
  }

  /** Whether the credit's ledger has any row (a credit with money history is never erased). */
  async hasTransactions(creditId: string): Promise<boolean> {
    const rows = await this.run<{ found: boolean }>(
      'select exists (select 1 from credit_transactions where credit_id = ?) as found',
      [creditId],
    );
    return rows[0]?.found ?? false;
  }
}
