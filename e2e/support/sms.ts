import { inject } from 'vitest';
import { waitFor, type WaitForOptions } from '../../libs/platform/src/testing/wait-for';

/** A text message the e2e platform sent, as Twilio's Message resource has it. */
export interface SentSms {
  sid: string;
  to: string;
  from: string | null;
  body: string;
  status: string;
}

/**
 * The SMS the e2e platform has sent, read from the Twilio stand-in of the global setup over HTTP, as any
 * client of Twilio's API lists messages (GET …/Messages.json?To=…, basic auth).
 */
export class SmsInbox {
  private readonly twilio = inject('twilio');

  async messagesTo(to: string): Promise<SentSms[]> {
    const { url, accountSid, authToken } = this.twilio;
    const response = await fetch(
      `${url}/2010-04-01/Accounts/${accountSid}/Messages.json?To=${encodeURIComponent(to)}`,
      { headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}` } },
    );
    if (!response.ok) throw new Error(`the Twilio stand-in answered ${response.status}`);
    return ((await response.json()) as { messages: SentSms[] }).messages;
  }

  /** Waits for the first message to `to` that `match` accepts. */
  waitForSms(to: string, match: (sms: SentSms) => boolean = () => true, options: WaitForOptions = {}) {
    return waitFor(async () => (await this.messagesTo(to)).find(match), {
      message: `an SMS to ${to} arrived at the Twilio stand-in`,
      intervalMs: 200,
      ...options,
    });
  }
}
