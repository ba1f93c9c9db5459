import {
  RPC,
  type MemberDeliveriesPage,
  type MemberDelivery,
  type RpcMeta,
  type RpcRequestPayload as In,
} from '@avpass/contracts';
import { AuditTrail, DomainError, Idempotency, MailOutbox, requireActor, SmsOutbox } from '@avpass/platform';
import { Injectable } from '@nestjs/common';
import { DeliveriesRepository } from './deliveries.repository';
import { reaches } from './send-messages';
import { SendsRepository } from './sends.repository';

/** A member's deliveries: the list, and the re-send of one that failed or bounced. */
@Injectable()
export class DeliveriesService {
  constructor(
    private readonly deliveries: DeliveriesRepository,
    private readonly sends: SendsRepository,
    private readonly idempotency: Idempotency,
    private readonly audit: AuditTrail,
    private readonly mail: MailOutbox,
    private readonly sms: SmsOutbox,
  ) {}

  async page(query: In<typeof RPC.members.deliveries>): Promise<MemberDeliveriesPage> {
    if (!(await this.sends.recipient(query.id))) throw DomainError.notFound('Member');
    return this.deliveries.page(query.id, query.cursor, query.limit);
  }

  /**
   * A failed or bounced message back to queued (its attempts kept; the delivery machinery retries it
   * with backoff), once per Idempotency-Key; only while the member still consents on that channel.
   */
  resend(input: In<typeof RPC.members.resend>, meta: RpcMeta): Promise<MemberDelivery> {
    const call = { actor: requireActor(meta), operation: RPC.members.resend, request: input };
    return this.idempotency.once(call, async (tx) => {
      const member = await this.sends.recipient(input.id);
      const delivery = member ? await this.deliveries.findDelivery(input.id, input.deliveryId, tx) : null;
      if (!member || !delivery) throw DomainError.notFound('Delivery');
      if (delivery.status !== 'failed' && delivery.status !== 'bounced')
        throw DomainError.conflict(
          `Only a failed or bounced message is sent again; this one is ${delivery.status}`,
        );
      const channel = delivery.channel;
      if (!reaches(member, channel, this.sms.smsEnabled()) || delivery.address === null) {
        if (channel === 'sms' && !this.sms.smsEnabled()) throw DomainError.conflict('SMS is not configured');
        throw DomainError.conflict(
          channel === 'email'
            ? 'The member no longer agrees to e-mail (or has no e-mail address)'
            : 'The member no longer agrees to SMS (or has no phone)',
        );
      }
      const outgoingId = (await this.deliveries.outgoingOf(tx, delivery.id)) as string;
      const requeued =
        channel === 'email'
          ? await this.mail.retryFailedMail(tx, outgoingId)
          : await this.sms.retryFailedSms(tx, outgoingId);
      if (!requeued) throw DomainError.conflict('The message is no longer failed');
      this.audit.appendEntry(tx, meta, {
        action: 'members.delivery.resent',
        targetType: 'member',
        targetId: member.id,
        changes: { delivery: { before: delivery.status, after: `queued:${channel}` } },
      });
      return (await this.deliveries.findDelivery(input.id, input.deliveryId, tx)) as MemberDelivery;
    });
  }
}
