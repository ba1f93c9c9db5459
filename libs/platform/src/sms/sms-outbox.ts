import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { Tx } from '../database/transactions';
import { DomainError } from '../messaging/domain-error';
import { E164, SMS_NOT_CONFIGURED, type TwilioSettings } from './sms-config';
import type { SmsToRecord } from './sms-types';
import { OutgoingSmsRepository } from './outgoing-sms.repository';

/** The Twilio settings of the service (null: SMS off), as smsPlatformProviders provides them. */
export const SMS_SETTINGS = Symbol('SMS_SETTINGS');

const smsToRecordSchema = z.object({
  idempotencyKey: z
    .string()
    .min(1)
    .max(300)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must be one line without control characters'),
  to: z.string().regex(E164, 'must be a number in E.164, like +14155550100'),
  body: z
    .string()
    .min(1)
    .max(1600)
    .refine(
      (v) => !/[\u0000-\u0009\u000b-\u001f\u007f]/.test(v),
      'must have no control characters but new lines',
    ),
});

/** Rows one insert of recordSmsBatch writes (a statement's JSON stays around a megabyte). */
const SMS_BATCH_ROWS = 5000;

/** The refusal of a send while SMS is off (the screens say the same): a 409 with reason sms_not_configured. */
export const smsNotConfigured = () =>
  new DomainError('CONFLICT', SMS_NOT_CONFIGURED, undefined, undefined, { reason: 'sms_not_configured' });

/**
 * How a service sends SMS, as MailOutbox sends mail: `recordSms(tx, sms)` writes it into the service's
 * outgoing_sms in the caller's transaction, so the SMS exists exactly when the change that sends it
 * committed; the commit wakes the SMS relay, the worker sends it through the provider.
 */
@Injectable()
export class SmsOutbox {
  /** Transactions that recorded an SMS: their commit wakes the relay (SmsWakeOnCommit). */
  private readonly recorded = new WeakSet<object>();

  constructor(
    private readonly sms: OutgoingSmsRepository,
    @Inject(SMS_SETTINGS) private readonly settings: TwilioSettings | null,
  ) {}

  /** Whether SMS is configured (TWILIO_* set): a screen that offers SMS says "SMS is not configured" otherwise. */
  smsEnabled(): boolean {
    return this.settings !== null;
  }

  /**
   * Records one SMS in `tx`; the same idempotency key again changes nothing. The id of the key's SMS, and
   * whether this call recorded it. Refused (smsNotConfigured) while SMS is off; throws on a malformed
   * SMS (a bug of the caller: check the number with E164 first).
   */
  async recordSms(tx: Tx, sms: SmsToRecord): Promise<{ id: string; recorded: boolean }> {
    if (!this.settings) throw smsNotConfigured();
    const { id, inserted } = await this.sms.insertSms(tx, smsToRecordSchema.parse(sms));
    if (inserted) this.recorded.add(tx);
    return { id, recorded: inserted };
  }

  /**
   * Records many SMS in `tx` (a send to a whole list: one statement per 5,000), each under its own key as
   * recordSms does; the ids and keys of those this call recorded (keys already recorded are skipped).
   */
  async recordSmsBatch(tx: Tx, batch: SmsToRecord[]): Promise<{ id: string; idempotencyKey: string }[]> {
    if (!this.settings) throw smsNotConfigured();
    const checked = batch.map((sms) => smsToRecordSchema.parse(sms));
    const recorded: { id: string; idempotencyKey: string }[] = [];
    for (let at = 0; at < checked.length; at += SMS_BATCH_ROWS)
      recorded.push(...(await this.sms.insertSmsBatch(tx, checked.slice(at, at + SMS_BATCH_ROWS))));
    if (recorded.length) this.recorded.add(tx);
    return recorded;
  }

  /** Sends a failed SMS again (a re-send): queued with its attempts kept, whether it was failed. */
  async retryFailedSms(tx: Tx, id: string): Promise<boolean> {
    if (!this.settings) throw smsNotConfigured();
    const retried = await this.sms.requeueFailedSms(tx, id);
    if (retried) this.recorded.add(tx);
    return retried;
  }

  /** Whether `em` (a transaction's entity manager, as commit events carry it) recorded an SMS. */
  recordedSmsIn(em: object): boolean {
    return this.recorded.has(em);
  }
}
