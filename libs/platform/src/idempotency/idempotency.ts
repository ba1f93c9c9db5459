import { Injectable, Logger } from '@nestjs/common';
import { Transactions, type Tx } from '../database/transactions';
import { DomainError } from '../messaging/domain-error';
import { assertSameRequest, keyedCall, type IdempotentCall, type KeyedCall } from './idempotent-call';
import { IdempotencyKeysRepository, isKeyTaken, type StatementClaim } from './idempotency-keys.repository';

/** How long a key answers with its first outcome; after that it is forgotten (and purged). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
const TTL_SECONDS = IDEMPOTENCY_KEY_TTL_HOURS * 3600;
/** Expired keys are purged at most this often per process, after a keyed call, a bounded batch at a time. */
const PURGE_EVERY_MS = 10 * 60_000;
const PURGE_BATCH = 10_000;

/**
 * Exactly-once effects for calls that move money, stock or a use, with the redeem's semantics: the same
 * key (same actor, same operation) gets the same answer and the effect happens once, however often and
 * however concurrently it is retried (a lost answer, a 503, a double click). The call and its 409 are
 * the one API of idempotent-call.ts; its two strategies are `once` (stored answer) and
 * `onceInStatement` (row key).
 *
 * Stored answer: `once(call, (tx) => effect)` opens a transaction (through `Transactions`), first claims the key in idempotency_keys
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
    const keyed = keyedCall(call);
    if (!keyed) return this.transactions.run(effect);
    const { scope, fingerprint } = keyed;
    // A second loop only if the key expired between the claim that lost and the read (24 hours later).
    for (let attempt = 0; attempt < 3; attempt++) {
      const earlier = await this.keys.find(scope, TTL_SECONDS);
      if (earlier) return replay<T>(keyed, earlier);
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
    throw inProgress();
  }

  /**
   * Row key: `once` for an effect that is ONE statement (the redeem, which must stay a single round trip): the
   * statement claims the key itself. `run(claim)` ANDs `claim.unclaimed` into its effect's condition
   * and adds `claim.insert(source)` as a CTE over the row it changed, so the key and the effect commit
   * together with no transaction of their own. What the key keeps is `reference` (plain JSON known
   * before the statement, such as the new row's id); a repeat answers `replay(reference)`.
   *
   * `run` resolves null when its statement changed nothing. Then the key's earlier outcome answers (a
   * repeat, or a concurrent twin that committed first; another request under the key is the 409), and
   * without one this resolves null: the caller's refusal. Without a key: `run(null)`, as it is.
   */
  async onceInStatement<T, R>(
    call: IdempotentCall,
    reference: R,
    run: (claim: StatementClaim | null) => Promise<T | null>,
    replayReference: (reference: R) => Promise<T>,
  ): Promise<T | null> {
    const keyed = keyedCall(call);
    if (!keyed) return run(null);
    const { scope, fingerprint } = keyed;
    const claim = this.keys.statementClaim(scope, fingerprint, JSON.stringify(reference), TTL_SECONDS);
    // A second loop only when the key was held by an expired outcome not purged yet.
    for (let attempt = 0; attempt < 2; attempt++) {
      let taken = false;
      try {
        const answer = await run(claim);
        if (answer !== null) {
          this.purgeNowAndThen();
          return answer;
        }
      } catch (error) {
        if (!isKeyTaken(error)) throw error;
        taken = true;
      }
      const earlier = await this.keys.find(scope, TTL_SECONDS);
      if (earlier) return replayReference(replay<R>(keyed, earlier));
      if (!taken) return null;
      await this.keys.forgetExpired(scope, TTL_SECONDS);
    }
    throw inProgress();
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

const inProgress = () =>
  DomainError.conflict('A request with this Idempotency-Key is in progress; please try again');

/** The stored answer of the key, unless it was first used with another request (the one 409). */
function replay<T>(keyed: KeyedCall, earlier: { fingerprint: string; response: string }): T {
  assertSameRequest(keyed, earlier.fingerprint);
  return JSON.parse(earlier.response) as T;
}

/** The providers a service registers (in its module) to use `Idempotency`. */
export const IDEMPOTENCY_PROVIDERS = [IdempotencyKeysRepository, Idempotency];
