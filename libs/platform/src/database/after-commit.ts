import { MikroORM, type EventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Tx } from './transactions';

type Work = () => Promise<void>;

/**
 * Work that must follow a transaction's commit and come before its caller resumes (a message others may
 * act on only once the change is visible: identity's session revocations, decision 350). `whenCommitted(tx, work)`
 * queues `work` on the outermost transaction `tx`; it runs, awaited, once that transaction committed, and
 * never when it rolls back. A failure of the work is logged, never thrown: the change stands.
 */
@Injectable()
export class AfterCommit implements OnModuleInit, EventSubscriber {
  private readonly logger = new Logger('AfterCommit');
  private readonly pending = new WeakMap<object, Work[]>();

  constructor(private readonly orm: MikroORM) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this);
  }

  /** Queues `work` for `tx`'s commit; `tx` must be the `tx` of `Transactions.run`, not a nested one. */
  whenCommitted(tx: Tx, work: Work): void {
    const context: unknown = tx.getTransactionContext();
    // A savepoint's commit is not the commit: the work would never run. A mistake in the caller.
    if (
      !context ||
      !['object', 'function'].includes(typeof context) ||
      'savepointName' in (context as object)
    )
      throw new Error('AfterCommit.whenCommitted needs the outermost transaction of Transactions.run');
    const queued = this.pending.get(tx);
    if (queued) queued.push(work);
    else this.pending.set(tx, [work]);
  }

  async afterTransactionCommit(args: TransactionEventArgs): Promise<void> {
    const works = this.pending.get(args.em);
    if (!works) return;
    this.pending.delete(args.em);
    for (const work of works) {
      await work().catch((error: Error) => this.logger.error(`after commit: ${error.message}`));
    }
  }

  afterTransactionRollback(args: TransactionEventArgs): void {
    this.pending.delete(args.em);
  }
}
