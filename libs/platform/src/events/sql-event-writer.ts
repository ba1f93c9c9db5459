import { EVENTS, type EventName, type EventPayload } from '@avpass/contracts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { executePrepared } from '../database/prepared-statement';
import { OutboxRelay } from './outbox-relay';

const COLUMN = Symbol('sql column');

/** A payload field computed by the statement: an SQL expression over the source row's columns. */
export interface SqlColumn {
  readonly [COLUMN]: string;
}

/** `column("to_char(expiration_date, 'YYYY-MM-DD')")`: the field's value is this expression. */
export function column(expression: string): SqlColumn {
  return { [COLUMN]: expression };
}

/** Every field of the event's payload: a value known now, or a column of the statement's source. */
export type SqlEventFields<N extends EventName> = {
  [K in keyof EventPayload<N>]-?: EventPayload<N>[K] | SqlColumn;
};

/** An outbox INSERT to embed in a statement (a CTE), and what to do once the statement ran. */
export interface SqlEventInsert {
  /** `insert into outbox_events … select … from <source> returning payload` */
  readonly sql: string;
  /** Its `?` parameters, in order. */
  readonly params: unknown[];
  /**
   * Call with the payloads the statement returned (none when it changed nothing): checks them against
   * the event's schema and wakes the relay, which publishes them now rather than at its next poll.
   */
  written(payloads: unknown[]): void;
}

/**
 * A payload's shape: each field's name and JSON type (null apart), nested objects and arrays'
 * included, so a payload whose SQL yields a null, a number for a string or a new key where an
 * earlier one did not is parsed again. Values within a type (a string's format, a number's range, an
 * enum's word) are checked on the first payload of each shape only: the columns they come from hold
 * them (CHECK constraints, types); the shape is what a drift between SQL and contract changes.
 */
export function shapeOf(value: unknown): string {
  if (value === null) return 'n';
  if (Array.isArray(value)) return `[${value.map(shapeOf).join()}]`;
  if (typeof value === 'object') {
    let shape = '{';
    for (const key in value) shape += `${key}:${shapeOf((value as Record<string, unknown>)[key])},`;
    return `${shape}}`;
  }
  return typeof value === 'string'
    ? 's'
    : typeof value === 'number'
      ? 'f'
      : typeof value === 'boolean'
        ? 'b'
        : 'u';
}

const isColumn = (value: unknown): value is SqlColumn =>
  typeof value === 'object' && value !== null && COLUMN in value;

/** The SQL expression of a `column(...)`, or null for a value known now (the audit trail's SQL form). */
export function sqlColumnExpression(value: unknown): string | null {
  return isColumn(value) ? value[COLUMN] : null;
}

/**
 * The one way an event is written by an SQL statement instead of `EventOutbox.enqueueEvent`: when its payload
 * comes from the rows the same statement changes, so that the change and its event stay one statement
 * (the redeem). Values known before the statement are checked against the event's schema then; fields
 * the statement computes are checked on what it returns. A mismatch throws: it is a programming error
 * (the SQL no longer matches the contract) that the first test of that path shows. Being after the
 * statement committed, that check cannot stop the row; the compile-time type of `fields` (every
 * payload key, no other) is what keeps the two in step.
 */
@Injectable()
export class SqlEventWriter {
  /** Schemas of the known fields, made once per event and set of fields (a hot path calls this). */
  private readonly picked = new Map<string, z.ZodType>();
  /**
   * Statements (event, source, computed fields) and shapes of what they returned (shapeOf) whose payload
   * passed the schema: a payload of a shape seen here is not parsed again (decision 300).
   */
  private readonly checkedShapes = new Set<string>();

  constructor(private readonly relay: OutboxRelay) {}

  /**
   * One outbox row (a new id) per row of `source` (a table or a CTE of the enclosing statement). The
   * payload is `fields`: columns become `jsonb_build_object(...)` over the source row, known values
   * one jsonb parameter. The service's schema is on the search_path, as for every statement.
   */
  writeEventsFrom<N extends EventName>(
    name: N,
    source: string,
    fields: SqlEventFields<N>,
    occurredAt: Date | string = new Date(),
  ): SqlEventInsert {
    const schema = EVENTS[name] as z.ZodObject;
    const computed: string[] = [];
    /** The statement, as far as its payload goes: the event, its source and which fields it computes. */
    let statement = `${name}\n${source}\n`;
    const known: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (isColumn(value)) {
        computed.push(`'${key}', ${value[COLUMN]}`);
        statement += `${key},`;
      } else known[key] = value;
    }
    this.knownFieldsSchema(name, schema, Object.keys(known)).parse(known);
    const at = typeof occurredAt === 'string' ? occurredAt : occurredAt.toISOString();
    return {
      sql: `insert into outbox_events (id, name, payload, occurred_at)
    select gen_random_uuid(), ?, jsonb_build_object(${computed.join(', ')}) || ?::jsonb, ?::timestamptz
      from ${source}
    returning payload`,
      params: [name, JSON.stringify(known), at],
      written: (payloads) => {
        if (!payloads.length) return;
        for (const payload of payloads) {
          // Parsed in full once per statement and shape of values (decision 300): a hot statement
          // (the redeem) writes the same shape on every call, and the parse cost more than the SQL.
          const shape = `${statement}\n${shapeOf(payload)}`;
          if (this.checkedShapes.has(shape)) continue;
          const checked = schema.safeParse(payload);
          if (!checked.success)
            throw new Error(`${name} written by SQL does not match its schema: ${checked.error.message}`);
          if (this.checkedShapes.size >= 1000) this.checkedShapes.clear();
          this.checkedShapes.add(shape);
        }
        this.relay.kick();
      },
    };
  }

  private knownFieldsSchema(name: EventName, schema: z.ZodObject, keys: string[]): z.ZodType {
    const cacheKey = `${name}:${keys.join(',')}`;
    let picked = this.picked.get(cacheKey);
    if (!picked) {
      picked = schema.pick(Object.fromEntries(keys.map((k) => [k, true as const])));
      this.picked.set(cacheKey, picked);
    }
    return picked;
  }
}

/** What a statement's writers give it: their parameters (after the statement's own) and their check. */
interface StatementWriter {
  readonly params: unknown[];
  written(payloads: unknown[]): void;
}

/**
 * Runs one statement that writes an event (`SqlEventWriter.writeEventsFrom`, its rows selecting
 * `eventPayload`) and audit entries (`AuditTrail.appendEntriesFrom`, its rows selecting `auditPayloads`) from
 * the rows it changes: their parameters follow `params`; both writers check what was written. Returns
 * the first row without those two columns, or null when the statement changed nothing.
 */
export async function runRecordedStatement<T extends object>(
  em: EntityManager,
  sql: string,
  params: unknown[],
  event: StatementWriter,
  audit: StatementWriter,
): Promise<T | null> {
  // A named prepared statement on a pooled connection: these statements are large and hot (the
  // redeem), so the database plans them once per connection (database/prepared-statement.ts).
  const rows = await executePrepared<T & { eventPayload: unknown; auditPayloads: unknown[] }>(em, sql, [
    ...params,
    ...event.params,
    ...audit.params,
  ]);
  event.written(rows.map((r) => r.eventPayload));
  audit.written(rows.flatMap((r) => r.auditPayloads));
  const row = rows[0];
  if (!row) return null;
  const { eventPayload: _payload, auditPayloads: _audit, ...rest } = row;
  return rest as unknown as T;
}
