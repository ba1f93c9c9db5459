import { UnrecoverableError } from 'bullmq';
import { RetryLaterError } from '../delivery/delivery-worker';
import type { TwilioSettings } from './sms-config';
import type { SmsAccepted, SmsMessage, SmsProvider } from './sms-types';

/**
 * A refusal the provider will repeat however often it is asked (Twilio's 4xx: 21211 invalid number,
 * 21610 recipient unsubscribed by STOP, 21614 not a mobile number, 20003 bad credentials…): the SMS
 * fails at once with the reason and the code, without retries.
 */
export class SmsRefusedError extends UnrecoverableError {
  constructor(
    message: string,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'SmsRefusedError';
  }
}

/** The longest a Retry-After is waited (a header asking for more is taken as this). */
const MAX_RETRY_AFTER_MS = 3_600_000;

/** Retry-After in ms: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const ms = /^\d+$/.test(header.trim()) ? Number(header.trim()) * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}

interface TwilioAnswer {
  sid?: string;
  status?: string | number;
  code?: number;
  message?: string;
}

/**
 * SMS through Twilio's Messages API (2010-04-01): one form-encoded POST per message, HTTP basic auth with
 * the account SID and auth token, TWILIO_TIMEOUT_MS at most. 201 is accepted (the message SID kept);
 * 429 and 5xx are worth another try (after Retry-After when given); any other 4xx is a refusal.
 */
export class TwilioSmsProvider implements SmsProvider {
  private readonly endpoint: string;
  private readonly authorization: string;

  constructor(private readonly settings: TwilioSettings) {
    this.endpoint = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  }

  async sendSms(message: SmsMessage): Promise<SmsAccepted> {
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (/^MG/.test(this.settings.from)) form.set('MessagingServiceSid', this.settings.from);
    else form.set('From', this.settings.from);
    if (this.settings.statusCallbackUrl) form.set('StatusCallback', this.settings.statusCallbackUrl);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: {
          Authorization: this.authorization,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
      throw new Error(`Twilio could not be reached: ${cause}`);
    }
    const answer = (await response.json().catch(() => ({}))) as TwilioAnswer;
    const said = `${answer.message ?? response.statusText}${answer.code ? ` (${answer.code})` : ''}`;
    if (response.status === 200 || response.status === 201) {
      if (!answer.sid) throw new Error(`Twilio answered ${response.status} without a message SID`);
      return { providerId: answer.sid, status: typeof answer.status === 'string' ? answer.status : 'queued' };
    }
    const wait = retryAfterMs(response.headers.get('retry-after'));
    if (response.status === 429) throw new RetryLaterError(`Twilio: too many requests: ${said}`, wait ?? 0);
    if (response.status >= 500) {
      const text = `Twilio answered ${response.status}: ${said}`;
      throw wait === null ? new Error(text) : new RetryLaterError(text, wait);
    }
    throw new SmsRefusedError(`Twilio refused it: ${said}`, answer.code ?? null);
  }
}
