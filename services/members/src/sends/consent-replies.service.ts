import {
  RPC,
  type ConsentChannel,
  type ConsentSource,
  type MemberLanguage,
  type RpcMeta,
  type RpcRequestPayload as In,
} from '@avpass/contracts';
import {
  AuditTrail,
  DomainError,
  OutgoingMailRepository,
  OutgoingSmsRepository,
  SmsWebhooks,
  Transactions,
} from '@avpass/platform';
import { Injectable, Logger } from '@nestjs/common';
import { MemberWritesRepository } from '../members';
import { DeliveriesRepository } from './deliveries.repository';
import { LinkTokens } from './link-tokens';
import { unsubscribedMessage } from './member-message';
import { SendsRepository } from './sends.repository';

const WITHDRAWN = {
  email: 'The member unsubscribed',
  sms: 'The member replied STOP',
} as const;

/**
 * What members answer (decision 326): the mail's one-click unsubscribe withdraws the e-mail consent
 * (source `link`), an SMS STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) the SMS consent (source
 * `sms-stop`); each audited, and their messages still queued on that channel are not sent. Twilio's
 * status callbacks move an SMS to delivered or bounced. Nothing is believed that Twilio did not sign.
 */
@Injectable()
export class ConsentRepliesService {
  private readonly logger = new Logger(ConsentRepliesService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly writes: MemberWritesRepository,
    private readonly sends: SendsRepository,
    private readonly deliveries: DeliveriesRepository,
    private readonly mails: OutgoingMailRepository,
    private readonly sms: OutgoingSmsRepository,
    private readonly webhooks: SmsWebhooks,
    private readonly tokens: LinkTokens,
    private readonly audit: AuditTrail,
  ) {}

  /** Idempotent: a second click (or a mail client's POST then the member's) changes nothing more. */
  async unsubscribe(
    input: In<typeof RPC.members.unsubscribe>,
    meta: RpcMeta,
  ): Promise<{ message: string; language: MemberLanguage }> {
    const deliveryId = this.tokens.verify(input.token);
    const owner = deliveryId ? await this.deliveries.ownerOf(deliveryId) : null;
    if (!owner) throw DomainError.notFound('Unsubscribe link');
    const member = await this.sends.recipient(owner);
    const language = member?.language ?? 'en';
    if (member) await this.withdraw(member.id, 'email', 'link', meta);
    return { message: unsubscribedMessage(language), language };
  }

  /** The consent withdrawn (when given), its history, the audit entry and the queued messages stopped. */
  private async withdraw(
    memberId: string,
    channel: ConsentChannel,
    source: ConsentSource,
    meta: RpcMeta,
  ): Promise<boolean> {
    return this.transactions.run(async (tx) => {
      const changed = await this.writes.withdrawConsent(tx, memberId, channel, source);
      if (!changed) return false;
      const queued = await this.deliveries.queuedOutgoing(tx, memberId, channel);
      const table = channel === 'email' ? this.mails : this.sms;
      await table.deliveryState.cancelQueued(tx, queued, WITHDRAWN[channel]);
      this.audit.appendEntry(tx, meta, {
        action: 'members.consent.withdrawn',
        targetType: 'member',
        targetId: memberId,
        changes: {
          [`consent.${channel}`]: { before: true, after: false },
          source: { before: null, after: source },
        },
      });
      return true;
    });
  }

  /** A signed status callback: delivered, or bounced with Twilio's code. */
  async twilioStatus(input: In<typeof RPC.members.twilioStatus>): Promise<{ applied: boolean }> {
    const { applied } = await this.webhooks.applyStatusCallback(input);
    return { applied };
  }

  /** A signed reply: STOP and its synonyms from a member's number withdraw their SMS consent. */
  async twilioInbound(
    input: In<typeof RPC.members.twilioInbound>,
    meta: RpcMeta,
  ): Promise<{ applied: boolean }> {
    const reply = this.webhooks.readInboundReply(input);
    if (reply.intent !== 'opt-out') return { applied: false };
    const member = await this.sends.smsConsentByPhone(reply.from);
    if (!member) {
      this.logger.log('a STOP from a number no member has');
      return { applied: false };
    }
    return { applied: await this.withdraw(member.id, 'sms', 'sms-stop', meta) };
  }
}
