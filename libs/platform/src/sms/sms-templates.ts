import { Injectable } from '@nestjs/common';
import type { OutgoingSms } from './sms-types';

/** Makes an SMS's text when it is sent, from its row (whose body holds what may be stored). */
export type SmsTemplate = (row: OutgoingSms) => string | Promise<string>;

/**
 * What a service's SMS worker cannot read from a row: a text rendered when the SMS is sent, for a row
 * whose idempotency key starts with a registered prefix (e.g. a sign-in code, made from the row's key by
 * a secret only the service holds, so the table never holds the code: decision 339). The service
 * registers them once at start-up; any other row is sent as its body says.
 */
@Injectable()
export class SmsTemplates {
  private readonly byPrefix = new Map<string, SmsTemplate>();

  register(keyPrefix: string, render: SmsTemplate): void {
    if (!keyPrefix) throw new Error('an SMS template needs a key prefix');
    if (this.byPrefix.has(keyPrefix)) throw new Error(`SMS template ${keyPrefix} is registered twice`);
    this.byPrefix.set(keyPrefix, render);
  }

  /** The text to send for `row`. */
  async render(row: OutgoingSms): Promise<string> {
    for (const [prefix, render] of this.byPrefix)
      if (row.idempotencyKey.startsWith(prefix)) return render(row);
    return row.body;
  }
}
