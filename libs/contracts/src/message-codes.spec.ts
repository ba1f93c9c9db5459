import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES, messageCode, type MessageCode } from './message-codes';
import { memberLimitMessage, REDEEM_REFUSALS, validFromMessage } from './redeem-refusals';
import { notValidAtMessage, undoWindowClosedMessage } from './till';
import { readableIssue } from './validation';

describe('the API’s error codes', () => {
  it('finds every entry’s own code from its text, with made-up values in its slots', () => {
    for (const [code, text] of Object.entries(MESSAGE_CODES) as [MessageCode, string][]) {
      const names = [...text.matchAll(/\{([a-z]+)\}/gi)].map((m) => m[1]!);
      const values = Object.fromEntries(names.map((name, i) => [name, `Value${i}x`]));
      const message = text.replace(/\{([a-z]+)\}/gi, (_, name: string) => values[name]!);
      const found = messageCode(message);
      expect(found?.code, message).toBe(code);
      if (names.length) expect(found?.params).toEqual(values);
    }
  });

  it('names the redeem’s and the till’s refusals and their values', () => {
    for (const message of Object.values(REDEEM_REFUSALS))
      expect(messageCode(message)?.code).toMatch(/^voucher\.redeem\./);
    expect(messageCode(validFromMessage('Mar 8, 2026'))).toEqual({
      code: 'voucher.redeem.valid-from',
      params: { date: 'Mar 8, 2026' },
    });
    expect(messageCode(memberLimitMessage(3, 'month'))).toEqual({
      code: 'voucher.redeem.member-limit.month',
      params: { limit: '3' },
    });
    expect(messageCode(memberLimitMessage(1, 'ever'))).toEqual({ code: 'voucher.redeem.member-limit.once' });
    expect(messageCode(notValidAtMessage('Peak Physio'))).toEqual({
      code: 'till.not-valid-here',
      params: { partner: 'Peak Physio' },
    });
    expect(messageCode(undoWindowClosedMessage(30))?.params).toEqual({ minutes: '30' });
  });

  it('names the readable field messages with the field’s label', () => {
    const issue = (raw: object) => readableIssue(raw as never)!;
    expect(messageCode(issue({ code: 'invalid_type', expected: 'string', path: ['firstName'] }))).toEqual({
      code: 'field.required',
      params: { field: 'First name' },
    });
    expect(
      messageCode(issue({ code: 'too_big', origin: 'string', maximum: 200, path: ['service'], input: 'x' })),
    ).toEqual({ code: 'field.max-length', params: { field: 'Service', max: '200' } });
    expect(messageCode('Nothing any entry says')).toBeNull();
  });
});
