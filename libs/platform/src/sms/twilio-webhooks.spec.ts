import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './twilio-sms-provider';
import {
  parseTwilioInbound,
  parseTwilioStatusCallback,
  smsReplyIntent,
  twilioSignature,
  verifyTwilioSignature,
} from './twilio-webhooks';

// Twilio's worked example (https://www.twilio.com/docs/usage/security#validating-requests).
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = {
  CallSid: 'CA1234567890ABCDE',
  Caller: '+12349013030',
  Digits: '1234',
  From: '+12349013030',
  To: '+18005551212',
};
const DOCUMENTED = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';

describe("Twilio's request signature", () => {
  it("matches Twilio's documented example and accepts it", () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe(DOCUMENTED);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, DOCUMENTED)).toBe(true);
  });

  it('refuses a tampered parameter, another URL, another token, a short or missing signature', () => {
    expect(verifyTwilioSignature(TOKEN, URL, { ...PARAMS, Digits: '9999' }, DOCUMENTED)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, { ...PARAMS, Extra: '' }, DOCUMENTED)).toBe(false);
    expect(
      verifyTwilioSignature(TOKEN, 'https://mycompany.com/myapp.php?foo=1&bar=3', PARAMS, DOCUMENTED),
    ).toBe(false);
    expect(verifyTwilioSignature('54321', URL, PARAMS, DOCUMENTED)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, DOCUMENTED.slice(0, -1))).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, undefined)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL, PARAMS, '')).toBe(false);
  });
});

describe('what Twilio posts', () => {
  const sid = `SM${'ab'.repeat(16)}`;

  it('a status callback gives the message, its status and error code', () => {
    expect(
      parseTwilioStatusCallback({
        MessageSid: sid,
        MessageStatus: 'undelivered',
        ErrorCode: '30003',
        To: '+1',
      }),
    ).toEqual({ messageSid: sid, status: 'undelivered', errorCode: 30003, to: '+1' });
    expect(parseTwilioStatusCallback({ SmsSid: sid, SmsStatus: 'delivered' })).toMatchObject({
      status: 'delivered',
      errorCode: null,
    });
    expect(parseTwilioStatusCallback({ MessageSid: sid, MessageStatus: 'exploded' })).toBeNull();
    expect(parseTwilioStatusCallback({ MessageSid: 'x', MessageStatus: 'sent' })).toBeNull();
  });

  it('a reply says opt-out for STOP and its synonyms, opt-in for START, nothing for other text', () => {
    for (const word of ['STOP', 'stop', ' Stop ', 'UNSUBSCRIBE', 'cancel', 'END', 'quit', 'STOPALL', 'stop.'])
      expect(smsReplyIntent(word)).toBe('opt-out');
    for (const word of ['START', 'yes', 'Unstop']) expect(smsReplyIntent(word)).toBe('opt-in');
    expect(smsReplyIntent('HELP')).toBe('help');
    expect(smsReplyIntent('please stop sending these')).toBeNull();
    expect(smsReplyIntent('whatever', 'STOP')).toBe('opt-out');
    expect(
      parseTwilioInbound({ MessageSid: sid, From: '+14155550123', To: '+14155550100', Body: 'STOP' }),
    ).toEqual({
      messageSid: sid,
      from: '+14155550123',
      to: '+14155550100',
      body: 'STOP',
      intent: 'opt-out',
    });
    expect(parseTwilioInbound({ Body: 'STOP' })).toBeNull();
  });

  it('Retry-After is read in seconds or as a date, capped at an hour', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
    const now = Date.parse('2026-11-30T03:00:00Z');
    expect(retryAfterMs('Mon, 30 Nov 2026 03:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('999999')).toBe(3_600_000);
  });
});
