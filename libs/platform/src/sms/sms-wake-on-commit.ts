import { MikroORM, type EventSubscriber, type TransactionEventArgs } from '@mikro-orm/core';
import { Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { SmsOutbox } from './sms-outbox';
import { SmsRelay } from './sms-relay';

/** A committed SMS gets its job right away rather than at the relay's next sweep (as MailWakeOnCommit). */
@Injectable()
export class SmsWakeOnCommit implements OnModuleInit, EventSubscriber {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbox: SmsOutbox,
    /** Absent while SMS is off (nothing is recorded then). */
    @Optional() private readonly relay?: SmsRelay,
  ) {}

  onModuleInit(): void {
    if (this.relay) this.orm.em.getEventManager().registerSubscriber(this);
  }

  afterTransactionCommit(args: TransactionEventArgs): void {
    if (this.outbox.recordedSmsIn(args.em)) this.relay?.kick();
  }
}
