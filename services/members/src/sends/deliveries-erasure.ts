import { OutgoingMailRepository, OutgoingSmsRepository, type Tx } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import type { MemberErasureStep } from '../members';
import { DeliveriesRepository } from './deliveries.repository';

/**
 * An erased member's deliveries keep their status and their code, not their address: the delivery
 * rows lose it, and their outgoing mail and SMS rows the address, the text and the template's
 * parameters (a message still queued is not sent). In the erasure's own transaction.
 */
@Injectable()
export class DeliveriesErasure implements MemberErasureStep {
  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly mails: OutgoingMailRepository,
    private readonly sms: OutgoingSmsRepository,
  ) {}

  async scrubErasedMember(tx: Tx, memberId: string): Promise<void> {
    const outgoing = await this.deliveries.scrubMember(tx, memberId);
    await this.mails.scrubMail(tx, outgoing.email);
    await this.sms.scrubSms(tx, outgoing.sms);
  }
}
