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

  afterFlush(_args: FlushEventArgs): void {
    this.relay.kick();
  }
  afterTransactionCommit(_args: TransactionEventArgs): void {
    this.relay.kick();
  }
}
