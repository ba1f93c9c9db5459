import { createHash } from 'node:crypto';
import { DomainError } from '../messaging/domain-error';

/**
 * The one idempotency API of the house (issue 38): a call that may carry an `Idempotency-Key` is its
 * caller, its operation, its key and its request's fingerprint. Same caller, operation and key: the
 * same answer and one effect; another caller's same key is another request; the same key with another
 * request is the one 409 (IDEMPOTENCY_KEY_REUSED). Two strategies keep a key (`Idempotency`):
 *
 * - stored answer (`Idempotency.once`): the key and the answer are stored in idempotency_keys in the
 *   effect's own transaction; a repeat answers the stored answer;
 * - row key (`Idempotency.onceInStatement`): the key is claimed by the effect's own statement, with a
 *   reference to the row it made; a repeat answers that row. Where the effect's record lives outside
 *   SQL (a ZIP job in Redis), the record's id is derived from the key (`effectIdOf`) and the record
 *   keeps the request, checked with `assertSameRequest`.
 */

export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different request; send a new key for a new request';

/** A call that may carry an `Idempotency-Key`: who asks, for what, and the request as validated. */
export interface IdempotentCall {
  /** A key is the actor's own: another user's same key is another request. */
  actor: { userId: string };
  /** A key is per operation too: the RPC subject. */
  operation: string;
  /** The validated request; its `idempotencyKey` (if any) is the key, the rest is fingerprinted. */
  request: { idempotencyKey?: string | undefined };
  /**
   * Top-level fields left out of the fingerprint: where the request came from rather than what it asks
   * (the origin the gateway adds as `deploymentUrl` differs between two hosts of the same gateway).
   */
  unfingerprinted?: readonly string[];
}

/** Whose key it is and for what: a key is one actor's, for one operation (an RPC subject). */
export interface IdempotencyScope {
  actorId: string;
  operation: string;
  key: string;
}

/** A call that carries a key: the key's scope and the fingerprint of the request sent with it. */
export interface KeyedCall {
  scope: IdempotencyScope;
  fingerprint: string;
}

/** The call's key (scoped to its caller and operation) and its request's fingerprint; null without a key. */
export function keyedCall(call: IdempotentCall): KeyedCall | null {
  const { idempotencyKey: key, ...request } = call.request as Record<string, unknown>;
  if (key === undefined) return null;
  for (const field of call.unfingerprinted ?? []) delete request[field];
  return {
    scope: { actorId: call.actor.userId, operation: call.operation, key: String(key) },
    fingerprint: fingerprintOf(request),
  };
}

/**
 * The one answer to the same key with another request (409): throws unless `storedFingerprint`, the
 * fingerprint of the request the key was first used with, is this call's.
 */
export function assertSameRequest(keyed: KeyedCall, storedFingerprint: string): void {
  if (storedFingerprint !== keyed.fingerprint) {
    throw DomainError.conflict(IDEMPOTENCY_KEY_REUSED, { idempotencyKey: [IDEMPOTENCY_KEY_REUSED] });
  }
}

/**
 * The id of the one effect of a keyed call, for a record kept outside SQL that is its own claim of
 * the key (a queued job added under this id): a UUID (version 8, RFC 9562) from a hash of the
 * namespace (by default the operation), the caller and the key.
 */
export function effectIdOf(scope: IdempotencyScope, namespace: string = scope.operation): string {
  const bytes = createHash('sha256').update(`${namespace}\0${scope.actorId}\0${scope.key}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** sha256 of the request as canonical JSON (keys sorted at every level, undefined left out). */
export function fingerprintOf(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
