import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../messaging/domain-error';
import { SMS_NOT_CONFIGURED, type TwilioSettings } from './sms-config';
import { SMS_SETTINGS } from './sms-outbox';
import { OutgoingSmsRepository } from './outgoing-sms.repository';
import {
  parseTwilioInbound,
  parseTwilioStatusCallback,
  verifyTwilioSignature,
  type TwilioInboundMessage,
  type TwilioParams,
  type TwilioStatusCallback,
} from './twilio-webhooks';

/**
 * A webhook request as the owning service receives it from the gateway's public route: the full URL
 * Twilio requested (the public one, scheme and host included), the decoded form parameters, and the
 * X-Twilio-Signature header.
 */
export interface TwilioWebhookRequest {
  url: string;
  params: TwilioParams;
  signature: string | null;
}

/**
 * What Twilio posts back: status callbacks (delivered, undelivered, failed) and replies (STOP, START).
 * Each is verified with the auth token first; a request Twilio did not sign is a 403 and changes nothing.
 */
@Injectable()
export class SmsWebhooks {
  constructor(
    private readonly sms: OutgoingSmsRepository,
    @Inject(SMS_SETTINGS) private readonly settings: TwilioSettings | null,
  ) {}

  private verify(request: TwilioWebhookRequest): void {
    // SMS off: there is no token to check a signature with, so nothing is believed.
    if (!this.settings) throw DomainError.forbidden(SMS_NOT_CONFIGURED);
    if (!verifyTwilioSignature(this.settings.authToken, request.url, request.params, request.signature))
      throw DomainError.forbidden('The request is not signed by Twilio');
  }

  /**
   * Applies a status callback to the SMS it names: `delivered`, or `failed` with Twilio's status and
   * ErrorCode (undelivered, failed); the other statuses change nothing. `applied`: whether a row moved
   * (a repeated or late callback, or one for an SMS of no row here, is answered and ignored).
   */
  async applyStatusCallback(
    request: TwilioWebhookRequest,
  ): Promise<TwilioStatusCallback & { applied: boolean }> {
    this.verify(request);
    const callback = parseTwilioStatusCallback(request.params);
    if (!callback) throw DomainError.validation('Not a Twilio status callback (MessageSid, MessageStatus)');
    let applied = false;
    if (callback.status === 'delivered')
      applied = await this.sms.markSmsOutcome(callback.messageSid, { status: 'delivered' });
    else if (callback.status === 'undelivered' || callback.status === 'failed')
      applied = await this.sms.markSmsOutcome(callback.messageSid, {
        status: 'failed',
        reason: `Twilio: ${callback.status}${callback.errorCode ? ` (${callback.errorCode})` : ''}`,
        errorCode: callback.errorCode,
      });
    return { ...callback, applied };
  }

  /**
   * Reads a reply to our number: who sent it and what it asks (opt-out for STOP and its synonyms, opt-in
   * for START). The owning service records the consent change with it (the member's, by number).
   */
  readInboundReply(request: TwilioWebhookRequest): TwilioInboundMessage {
    this.verify(request);
    const message = parseTwilioInbound(request.params);
    if (!message) throw DomainError.validation('Not a Twilio incoming message (MessageSid, From)');
    return message;
  }
}
