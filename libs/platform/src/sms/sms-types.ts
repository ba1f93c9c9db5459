/** An SMS a service records (SmsOutbox.recordSms): one number, one text. */
export interface SmsToRecord {
  /** The caller's key, unique per SMS meant (e.g. `voucher:<id>:member:<id>:sms`); again changes nothing. */
  idempotencyKey: string;
  /** E.164, e.g. +14155550100. */
  to: string;
  /** At most 1600 characters (Twilio's limit; it splits into segments). */
  body: string;
}

/**
 * `sent`: the provider accepted it (its message SID kept); `delivered` / `failed` as its status
 * callback says (undelivered is failed with the reason); `failed` too when the provider refused it or
 * the attempts ran out.
 */
export type OutgoingSmsStatus = 'queued' | 'sent' | 'delivered' | 'failed';

/** A recorded SMS as its row stands (the admin's view of a delivery). */
export interface OutgoingSms {
  id: string;
  idempotencyKey: string;
  recipient: string;
  body: string;
  status: OutgoingSmsStatus;
  attempts: number;
  /** Why it failed (the provider's message and code, or the error). */
  lastError: string | null;
  /** The provider's error code (Twilio's, e.g. 21211 invalid number, 21610 unsubscribed, 30003 unreachable). */
  errorCode: number | null;
  /** The provider's id of the message (Twilio's message SID, SM…). */
  providerId: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One SMS handed to a provider. */
export interface SmsMessage {
  to: string;
  body: string;
}

/** The provider took it: its id of the message and the status it said. */
export interface SmsAccepted {
  providerId: string;
  status: string;
}

/**
 * A provider of SMS (Twilio first: TwilioSmsProvider). `sendSms` resolves when the provider accepted
 * the message; it throws SmsRefusedError for a refusal that a retry cannot change (invalid number,
 * unsubscribed recipient), RetryLaterError when the provider asks to come back later (429, 5xx with
 * Retry-After), and any other error for a failure worth retrying on the backoff (network, timeout).
 */
export interface SmsProvider {
  sendSms(message: SmsMessage): Promise<SmsAccepted>;
}
