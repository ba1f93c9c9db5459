import { MikroORM } from '@mikro-orm/core';
import type { Tx } from '../database/transactions';
import { Injectable } from '@nestjs/common';
import type { IdempotencyScope } from './idempotent-call';

/** What the first request with a key was (its fingerprint) and what it was answered (JSON text). */
export interface StoredOutcome {
  fingerprint: string;
  response: string;
}

/**
 * A key's claim written by the caller's own statement (Idempotency.onceInStatement), as SQL to embed:
 * `?` placeholders, each text followed by its parameters where it is placed.
 */
export interface StatementClaim {
  /** True while no live outcome holds the key: AND it into the condition of the statement's effect. */
  readonly unclaimed: string;
  readonly unclaimedParams: unknown[];
  /**
   * A CTE body inserting the key with its outcome, one row per row of `source` (the effect's one
   * changed row): a concurrent twin that got there first makes it a unique violation of
   * idempotency_keys_pkey (isKeyTaken), and the whole statement changes nothing.
   */
  insert(source: string): string;
  readonly insertParams: unknown[];
}

/** Whether `error` is a statement's claim finding its key already taken (StatementClaim.insert). */
export const isKeyTaken = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { constraint?: unknown }).constraint === 'idempotency_keys_pkey';

/** The idempotency_keys table (IDEMPOTENCY_TABLES_SQL): claimed, completed and read by `Idempotency`. */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(private readonly orm: MikroORM) {}

  /** The committed outcome of the key, unless it is older than `ttlSeconds`. */
  async find(scope: IdempotencyScope, ttlSeconds: number): Promise<StoredOutcome | null> {
    const rows: StoredOutcome[] = await this.orm.em.getConnection().execute(
      `select fingerprint, response from idempotency_keys
        where actor_id = ? and operation = ? and key = ? and response is not null
          and created_at > now() - make_interval(secs => ?)`,
      [scope.actorId, scope.operation, scope.key, ttlSeconds],
      'all',
    );
    return rows[0] ?? null;
  }

  /**
   * Claims the key in the caller's transaction, before its effect: true when it is this transaction's
   * now. While another transaction holds the same key uncommitted, the insert waits on the primary key
   * for it to end: it committed (false: answer with its outcome) or rolled back (true: this one runs).
   * A key past its time to live is taken over.
   */
  async claim(tx: Tx, scope: IdempotencyScope, fingerprint: string, ttlSeconds: number): Promise<boolean> {
    const rows: unknown[] = await tx.getConnection().execute(
      `insert into idempotency_keys (actor_id, operation, key, fingerprint, response, created_at)
       values (?, ?, ?, ?, null, now())
       on conflict (actor_id, operation, key) do update
         set fingerprint = excluded.fingerprint, response = null, created_at = excluded.created_at
         where idempotency_keys.created_at <= now() - make_interval(secs => ?)
       returning 1 as claimed`,
      [scope.actorId, scope.operation, scope.key, fingerprint, ttlSeconds],
      'all',
      tx.getTransactionContext(),
    );
    return rows.length > 0;
  }

  /** Stores the answer with the claimed key, in the transaction of the effect. */
  async complete(tx: Tx, scope: IdempotencyScope, response: string): Promise<void> {
    await tx
      .getConnection()
      .execute(
        'update idempotency_keys set response = ? where actor_id = ? and operation = ? and key = ?',
        [response, scope.actorId, scope.operation, scope.key],
        'run',
        tx.getTransactionContext(),
      );
  }

  /**
   * The claim of a key inside the caller's one statement, completed at once with `response` (known
   * before the statement): the key exists exactly when that statement's effect committed.
   */
  statementClaim(
    scope: IdempotencyScope,
    fingerprint: string,
    response: string,
    ttlSeconds: number,
  ): StatementClaim {
    return {
      unclaimed: `not exists (select 1 from idempotency_keys k
                   where k.actor_id = ? and k.operation = ? and k.key = ?
                     and k.created_at > now() - make_interval(secs => ?))`,
      unclaimedParams: [scope.actorId, scope.operation, scope.key, ttlSeconds],
      insert: (
        source,
      ) => `insert into idempotency_keys (actor_id, operation, key, fingerprint, response, created_at)
    select ?, ?, ?, ?, ?, now() from ${source}`,
      insertParams: [scope.actorId, scope.operation, scope.key, fingerprint, response],
    };
  }

  /** Deletes the key if it is past its time to live (a statement's claim then takes it); whether it did. */
  async forgetExpired(scope: IdempotencyScope, ttlSeconds: number): Promise<boolean> {
    const rows: unknown[] = await this.orm.em.getConnection().execute(
      `delete from idempotency_keys
        where actor_id = ? and operation = ? and key = ? and created_at <= now() - make_interval(secs => ?)
       returning 1`,
      [scope.actorId, scope.operation, scope.key, ttlSeconds],
      'all',
    );
    return rows.length > 0;
  }

  /** Deletes up to `limit` keys older than `ttlSeconds` (through the created_at index); how many. */
  async purgeExpired(ttlSeconds: number, limit: number): Promise<number> {
    const rows: unknown[] = await this.orm.em.getConnection().execute(
      `delete from idempotency_keys where ctid = any (array(
         select ctid from idempotency_keys where created_at <= now() - make_interval(secs => ?) limit ?))
       returning 1`,
      [ttlSeconds, limit],
      'all',
    );
    return rows.length;
  }
}
