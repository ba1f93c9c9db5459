import {
  AUDIT_SECRET_FIELDS,
  auditEntrySchema,
  type AuditAction,
  type AuditChanges,
  type AuditEntry,
  type AuditTargetOf,
  type RpcMeta,
} from '@avpass/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Tx } from '../database/transactions';
import { EventOutbox } from '../events/event-outbox';
import { column, SqlEventWriter, sqlColumnExpression, type SqlColumn } from '../events/sql-event-writer';
import { SERVICE_OPTIONS } from '../service/tokens';
import { auditInsertCte, payloadsOf, persistAuditEntry } from './audit-entries.repository';
import {
  AUDIT_ENTRY_COLUMN_EXPRESSIONS,
  AUDIT_ENTRY_FIELDS,
  type AuditEntryField,
} from './audit-entry-columns';

/**
 * What a service says about its change; who, from where and when come from the request's meta. The
 * action is one of AUDIT_ACTIONS (libs/contracts) and the target one of that action's kinds: anything
 * else is a type error.
 */
export interface AuditRecordInput<A extends AuditAction = AuditAction> {
  /** `<service>.<thing>.<past-tense verb>`: `vouchers.voucher.deleted`, `identity.sign-in.failed`. */
  action: A;
  /** `voucher`, `partner`, `credit-transaction`, …: what AUDIT_ACTIONS says this action is about. */
  targetType: AuditTargetOf<A>;
  targetId?: string | null;
  /** The company (partner) the change concerns; null: club-wide. */
  companyId?: string | null;
  /** `diffChanges(before, after)`, or null. Secret fields are dropped at any depth. */
  changes?: AuditChanges | null;
}

/** The SQL form's fields: each a value known now or a `column(...)` of the statement's source row. */
export interface AuditSqlFields<A extends AuditAction = AuditAction> {
  action: A;
  targetType: AuditTargetOf<A>;
  /** Cast to text. */
  targetId: string | null | SqlColumn;
  /** Cast to uuid. */
  companyId: string | null | SqlColumn;
  /** A jsonb expression when a column: it is written as computed (no secret filtering in SQL). */
  changes: AuditChanges | null | SqlColumn;
}

/** Two CTEs to put in one statement's WITH list: the audit rows, then their outbox events. */
export interface AuditSqlInsert {
  /** `<as> as (insert into audit_entries … returning *), <as>_event as (insert into outbox_events …)` */
  readonly ctes: string;
  /** Their `?` parameters, in order. */
  readonly params: unknown[];
  /** A scalar subquery, jsonb array of the event payloads written: select it and pass it to `written`. */
  readonly payloads: string;
  /** Checks the written events against their schema and wakes the relay. */
  written(payloads: unknown[]): void;
}

/** Longest user agent kept (the rest is cut). */
export const AUDIT_USER_AGENT_MAX = 500;
const ACTION = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*){2,}$/;
const TARGET_TYPE = /^[a-z][a-z0-9-]*$/;
const SECRETS = new Set<string>(AUDIT_SECRET_FIELDS.map((f) => normalizeKey(f)));

function normalizeKey(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, '');
}

/** True for a field name never recorded (password, passwordHash, password_hash, token, …). */
export function isAuditSecretField(key: string): boolean {
  return SECRETS.has(normalizeKey(key));
}

/** A JSON-safe copy: secret keys dropped at any depth, dates as ISO strings, undefined as null. */
export function stripAuditSecrets(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map((v) => stripAuditSecrets(v));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      if (isAuditSecretField(key)) continue;
      const v = (value as Record<string, unknown>)[key];
      if (typeof v === 'function') continue;
      out[key] = stripAuditSecrets(v);
    }
    return out;
  }
  return value;
}

type Shape = Record<string, unknown>;

/**
 * `{field: {before, after}}` of the fields whose values differ between `before` and `after` (null or
 * undefined: the thing did not exist, e.g. created or deleted), limited to `fields` when given. Values
 * are compared deeply (dates by time); secret fields are left out. Null when nothing changed.
 */
export function diffChanges<B extends object, A extends object>(
  before: B | null | undefined,
  after: A | null | undefined,
  fields?: readonly string[],
): AuditChanges | null {
  const b = (before ?? {}) as Shape;
  const a = (after ?? {}) as Shape;
  const keys = fields ?? [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changes: AuditChanges = {};
  for (const key of keys) {
    if (isAuditSecretField(key)) continue;
    const was = stripAuditSecrets(b[key]);
    const now = stripAuditSecrets(a[key]);
    if (typeof was === 'function' || typeof now === 'function') continue;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[key] = { before: was, after: now };
  }
  return Object.keys(changes).length ? changes : null;
}

/** Who acted, as the entry records it: the signed-in user, else `public` (its address), else `system`. */
function actorOf(meta: RpcMeta | null | undefined) {
  const actor = meta?.actor;
  if (actor)
    return {
      actorType: 'user' as const,
      actorId: actor.userId,
      actorName: actor.name ?? null,
      actorRole: actor.role,
      actorCompanyId: actor.companyId ?? null,
    };
  return {
    actorType: meta ? ('public' as const) : ('system' as const),
    actorId: null,
    actorName: null,
    actorRole: null,
    actorCompanyId: null,
  };
}

/**
 * The one way a service records who changed what (issue 26): `audit.appendEntry(tx, meta, {...})` in the
 * change's own transaction writes the audit_entries row and its `audit.entry.recorded.v1` outbox event
 * (payload id = the row's id), so an entry exists exactly when the change committed.
 * `meta` is the request's RpcMeta; null/undefined for the service's own jobs (actor `system`).
 */
@Injectable()
export class AuditTrail {
  private readonly service: string;

  constructor(
    private readonly outbox: EventOutbox,
    private readonly sqlEvents: SqlEventWriter,
    @Inject(SERVICE_OPTIONS) options: { name: string },
  ) {
    this.service = options.name;
  }

  /** Builds and checks an entry (throws on a malformed action, target or id: a programming error). */
  entry(meta: RpcMeta | null | undefined, input: AuditRecordInput, at: Date = new Date()): AuditEntry {
    checkNames(input.action, input.targetType);
    const changes = input.changes ? (stripAuditSecrets(input.changes) as AuditChanges) : null;
    return auditEntrySchema.parse({
      id: randomUUID(),
      at: at.toISOString(),
      ...actorOf(meta),
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId ?? null,
      companyId: input.companyId ?? null,
      requestId: meta?.requestId ?? null,
      ip: meta?.ip ?? null,
      userAgent: meta?.userAgent ? meta.userAgent.slice(0, AUDIT_USER_AGENT_MAX) : null,
      changes: changes && Object.keys(changes).length ? changes : null,
      service: this.service,
    });
  }

  /** Writes the entry and its event in `tx`; returns the entry as recorded. */
  appendEntry<A extends AuditAction>(
    tx: Tx,
    meta: RpcMeta | null | undefined,
    input: AuditRecordInput<A>,
  ): AuditEntry {
    const entry = this.entry(meta, input);
    persistAuditEntry(tx, entry);
    this.outbox.enqueueEvent(tx, 'audit.entry.recorded.v1', entry);
    return entry;
  }

  /**
   * The SQL form, for a change made by one raw statement (like `SqlEventWriter.writeEventsFrom`): one entry
   * and one event per row of `source` (a table or CTE of that statement). Put `ctes` in its WITH list
   * after `source`, append `params` at their place, select `payloads` and pass what it returned to
   * `written`. `as` names the CTEs (default `audit`; `<as>_event` too).
   */
  appendEntriesFrom<A extends AuditAction>(
    meta: RpcMeta | null | undefined,
    source: string,
    fields: AuditSqlFields<A>,
    options: { as?: string; at?: Date | string } = {},
  ): AuditSqlInsert {
    const as = options.as ?? 'audit';
    if (!/^[a-z_][a-z0-9_]*$/.test(as)) throw new Error(`audit CTE name ${as} is not a plain identifier`);
    const at = new Date(options.at ?? new Date());
    // Check everything known now, with placeholders for what the statement computes.
    const probe = this.entry(
      meta,
      {
        action: fields.action,
        targetType: fields.targetType,
        targetId: sqlColumnExpression(fields.targetId) === null ? (fields.targetId as string | null) : null,
        companyId:
          sqlColumnExpression(fields.companyId) === null ? (fields.companyId as string | null) : null,
        changes:
          sqlColumnExpression(fields.changes) === null ? (fields.changes as AuditChanges | null) : null,
      },
      at,
    );
    const params: unknown[] = [
      probe.at,
      probe.actorType,
      probe.actorId,
      probe.actorName,
      probe.actorRole,
      probe.actorCompanyId,
      probe.action,
      probe.targetType,
    ];
    const value = (field: unknown, cast: string, known: unknown) => {
      const expression = sqlColumnExpression(field);
      if (expression !== null) return `(${expression})::${cast}`;
      params.push(known);
      return `?::${cast}`;
    };
    const targetId = value(fields.targetId, 'text', probe.targetId);
    const companyId = value(fields.companyId, 'uuid', probe.companyId);
    const requestId = value(null, 'text', probe.requestId);
    const ip = value(null, 'text', probe.ip);
    const userAgent = value(null, 'text', probe.userAgent);
    const changes = value(
      fields.changes,
      'jsonb',
      probe.changes === null ? null : JSON.stringify(probe.changes),
    );
    const service = value(null, 'text', probe.service);
    const event = this.sqlEvents.writeEventsFrom(
      'audit.entry.recorded.v1',
      as,
      Object.fromEntries(
        AUDIT_ENTRY_FIELDS.map((field) => [field, column(AUDIT_ENTRY_COLUMN_EXPRESSIONS[field])]),
      ) as Record<AuditEntryField, SqlColumn>,
      at,
    );
    return {
      ctes: `${auditInsertCte(as, source, {
        targetId,
        companyId,
        requestId,
        ip,
        userAgent,
        changes,
        service,
      })},
  ${as}_event as (${event.sql})`,
      params: [...params, ...event.params],
      payloads: payloadsOf(`${as}_event`),
      written: event.written,
    };
  }
}

function checkNames(action: string, targetType: string): void {
  if (!ACTION.test(action) || action.length > 200)
    throw new Error(`audit action ${JSON.stringify(action)} is not <service>.<thing>.<verb>`);
  if (!TARGET_TYPE.test(targetType) || targetType.length > 100)
    throw new Error(`audit target type ${JSON.stringify(targetType)} is not a lower-case name`);
}
