import { DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { unavailableDependency } from '../health/dependency-outage';

/**
 * The one place that reads PostgreSQL's errors (decision 87: services never import ORM error
 * classes; lint `no-restricted-imports` in eslint.config.mjs holds it). Each helper accepts what
 * MikroORM throws (its `DriverException` subclasses) and what `pg` throws directly (a `code`), and
 * looks through `cause` chains.
 */

/** SQLSTATEs: unique_violation, serialization_failure, deadlock_detected. */
const UNIQUE_VIOLATION = '23505';
const SERIALIZATION_FAILURE = '40001';
const DEADLOCK_DETECTED = '40P01';

/** What a repository answers instead of throwing when a unique index refused its write. */
export const CONFLICT = 'conflict' as const;
export type Conflict = typeof CONFLICT;

function* errorChain(error: unknown): Generator<{ code?: unknown; constraint?: unknown }> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as { code?: unknown; constraint?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

function sqlState(error: unknown): string | undefined {
  for (const e of errorChain(error)) {
    const code = e instanceof DriverException ? e.code : e.code;
    if (typeof code === 'string' && code.length === 5) return code;
  }
  return undefined;
}

/**
 * Whether a write was refused by a unique index (23505), optionally by the named constraint only
 * (`users_email_unique`): the index is the real guard against two simultaneous requests.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const unique = error instanceof UniqueConstraintViolationException || sqlState(error) === UNIQUE_VIOLATION;
  if (!unique || constraint === undefined) return unique;
  for (const e of errorChain(error)) if (e.constraint === constraint) return true;
  return false;
}

/**
 * Whether a write was refused by the named CHECK constraint (23514): a counter's ceiling held by the
 * table itself (`member_uses_within_limit`) when two writers raced past their statements' pre-checks.
 */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  if (sqlState(error) !== '23514') return false;
  for (const e of errorChain(error)) if (e.constraint === constraint) return true;
  return false;
}

export interface RetryableOptions {
  /**
   * Count a lost or refused connection as retryable (the default). Leave it out for a write that is
   * not idempotent: a connection lost during the commit may have committed it.
   */
  connectionLoss?: boolean;
}

/**
 * Whether running the same work again may succeed: a serialization failure (40001) or a deadlock
 * (40P01), where PostgreSQL rolled the statement back, and, unless `connectionLoss: false`, a lost or
 * refused connection (what `unavailableDependency` calls 'postgres').
 */
export function isRetryable(error: unknown, options: RetryableOptions = {}): boolean {
  const state = sqlState(error);
  if (state === SERIALIZATION_FAILURE || state === DEADLOCK_DETECTED) return true;
  return (options.connectionLoss ?? true) && unavailableDependency(error) === 'postgres';
}

/**
 * Runs a repository's write and answers `'conflict'` when a unique index refused it (any, or the
 * named `constraint`). Inside a transaction the transaction is then aborted: the service must throw
 * (usually `DomainError.conflict`) so that it rolls back.
 */
export async function conflictOnUniqueViolation<T>(
  write: () => Promise<T>,
  constraint?: string,
): Promise<T | Conflict> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, constraint)) return CONFLICT;
    throw error;
  }
}
