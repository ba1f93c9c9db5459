import { MikroORM, type EventSubscriber } from '@mikro-orm/core';
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

  // The relay's own claim-and-mark transactions are not the ORM's (raw, on a pooled connection), so
  // they never come here: it does not wake itself.
  afterFlush(): void {
    this.relay.kick();
  }
  afterTransactionCommit(): void {
    this.relay.kick();
  }
}
