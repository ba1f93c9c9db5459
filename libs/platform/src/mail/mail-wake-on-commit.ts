import { MikroORM, type EventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MailOutbox } from './mail-outbox';
import { MailRelay } from './mail-relay';

/** A committed mail gets its job right away rather than at the relay's next sweep (as RelayWakeOnCommit). */
@Injectable()
export class MailWakeOnCommit implements OnModuleInit, EventSubscriber {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: MailOutbox,
    private readonly relay: MailRelay,
  ) {}

  onModuleInit(): void {
    this.orm.em.getEventManager().registerSubscriber(this);
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    if (this.outbox.recordedMailIn(args.em)) this.relay.kick();
  }
}
