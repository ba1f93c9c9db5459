import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Transactions, type Tx } from '../database/transactions';
import { DomainError } from '../messaging/domain-error';
import { IdempotencyKeysRepository, type IdempotencyScope } from './idempotency-keys.repository';

/** How long a key answers with its first outcome; after that it is forgotten (and purged). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
const TTL_SECONDS = IDEMPOTENCY_KEY_TTL_HOURS * 3600;
/** Expired keys are purged at most this often per process, after a keyed call, a bounded batch at a time. */
const PURGE_EVERY_MS = 10 * 60_000;
const PURGE_BATCH = 10_000;

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

/**
 * Exactly-once effects for calls that move money, stock or a use, with the redeem's semantics: the same
 * key (same actor, same operation) gets the same answer and the effect happens once, however often and
 * however concurrently it is retried (a lost answer, a 503, a double click).
 *
 * `once(call, (tx) => effect)` opens a transaction (through `Transactions`), first claims the key in idempotency_keys
 * (a concurrent duplicate waits on the key's primary key, then replays) and stores the answer with it
 * before the commit: the key exists exactly when the effect committed. A refusal (any error) rolls
 * both back, so a retry runs again. The same key with a different request is a 409 that says so.
 * Without a key, `effect` simply runs in a transaction. The answer must be plain JSON (what goes on
 * the wire anyway): a replay answers the stored JSON.
 */
@Injectable()
export class Idempotency {
  private readonly logger = new Logger('Idempotency');
  private lastPurge = 0;

  constructor(
    private readonly transactions: Transactions,
    private readonly keys: IdempotencyKeysRepository,
  ) {}

  async once<T>(call: IdempotentCall, effect: (tx: Tx) => Promise<T>): Promise<T> {
    const { idempotencyKey: key, ...request } = call.request as Record<string, unknown>;
    if (key === undefined) return this.transactions.run(effect);
    const scope: IdempotencyScope = {
      actorId: call.actor.userId,
      operation: call.operation,
      key: String(key),
    };
    for (const field of call.unfingerprinted ?? []) delete request[field];
    const fingerprint = fingerprintOf(request);
    // A second loop only if the key expired between the claim that lost and the read (24 hours later).
    for (let attempt = 0; attempt < 3; attempt++) {
      const earlier = await this.keys.find(scope, TTL_SECONDS);
      if (earlier) return replay<T>(earlier.response, earlier.fingerprint, fingerprint);
      const outcome = await this.transactions.run(async (tx) => {
        if (!(await this.keys.claim(tx, scope, fingerprint, TTL_SECONDS))) return null;
        const answer = await effect(tx);
        await this.keys.complete(tx, scope, JSON.stringify(answer ?? null));
        return { answer };
      });
      if (outcome) {
        this.purgeNowAndThen();
        return outcome.answer;
      }
    }
    throw DomainError.conflict('A request with this Idempotency-Key is in progress; please try again');
  }

  /** Deletes expired keys after a keyed call, at most every PURGE_EVERY_MS (no timer: idle costs nothing). */
  private purgeNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    void this.keys
      .purgeExpired(TTL_SECONDS, PURGE_BATCH)
      .catch((error: unknown) =>
        this.logger.warn(`purging expired idempotency keys failed: ${String(error)}`),
      );
  }
}

function replay<T>(response: string, storedFingerprint: string, fingerprint: string): T {
  if (storedFingerprint !== fingerprint) {
    throw DomainError.conflict(IDEMPOTENCY_KEY_REUSED, { idempotencyKey: [IDEMPOTENCY_KEY_REUSED] });
  }
  return JSON.parse(response) as T;
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

/** The providers a service registers (in its module) to use `Idempotency`. */
export const IDEMPOTENCY_PROVIDERS = [IdempotencyKeysRepository, Idempotency];
