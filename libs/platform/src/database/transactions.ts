import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/**
 * A transaction a service opened (or an event consumer's batch). The service hands it to repository
 * writes and to `EventOutbox.enqueueEvent(tx, …)`, so the change and its event commit together, and calls
 * nothing on it itself: every query is a repository's (lint: `avpass/repositories-only`).
 */
export type Tx = EntityManager;

/**
 * The one way a service opens a transaction: `await this.transactions.run(async (tx) => …)`. The work
 * commits when it resolves and rolls back when it throws (the error goes on to the caller). Within an
 * RPC call it forks that call's identity map, as `em.transactional` does.
 */
@Injectable()
export class Transactions {
  constructor(private readonly em: EntityManager) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.em.transactional(work);
  }

  /**
   * A transaction of its own, with an identity map of its own that is dropped when it ends: for one of
   * many transactions in a loop (a month's statements, one per partner). `run` would merge each
   * transaction's entities (its audit entries, its outbox events) into the call's identity map, which
   * every next transaction copies and flushes again: work and memory that grow with every partner
   * (bench:statements, decision 287).
   */
  runApart<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.em.fork({ clear: true }).transactional(work);
  }
}
