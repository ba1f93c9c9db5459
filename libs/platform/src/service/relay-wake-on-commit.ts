import {
  MikroORM,
  type EventSubscriber,
  type FlushEventArgs,
  type TransactionEventArgs,
} from '@mikro-orm/core';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OutboxRelay } from '../events/outbox-relay';

/** A committed outbox row is published right away rather than at the relay's next poll. */
@Injectable()
export class RelayWakeOnCommit implements OnModuleInit, EventSubscriber {
  constructor(
    private readonly orm: MikroORM,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this);
  }

  // The relay's own claim-and-mark transactions commit too: waking it for those would make it spin.
  afterFlush(args: FlushEventArgs): void {
    if (!this.relay.isOwnTransaction(args.em)) this.relay.kick();
  }
  afterTransactionCommit(args: TransactionEventArgs): void {
    if (!this.relay.isOwnTransaction(args.em)) this.relay.kick();
  }
}
