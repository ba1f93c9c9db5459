import { describe, expect, it } from 'vitest';
import { MESSAGE_CODES, messageCode, type MessageCode } from './message-codes';
import { memberLimitMessage, REDEEM_REFUSALS, validFromMessage } from './redeem-refusals';
import { notValidAtMessage, undoWindowClosedMessage } from './till';
import { readableIssue } from './validation';
import { CREDIT_MESSAGES, CREDIT_REFUSALS } from './credits';
import {
  CREDIT_ACCESS_MESSAGES,
  insufficientBalanceMessage,
  INVENTORY_REFUSALS,
  PARTNER_REFUSALS,
  STATEMENT_ACCESS_MESSAGES,
  VENDOR_NOT_FOUND_MESSAGE,
} from './service-refusals';
import { STATEMENT_REFUSALS } from './statements';
import { CARD_LANGUAGE_MESSAGE } from './card-language';
import { IMPORT_REFUSALS } from './members';

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

  it('names a members import’s refused rows, as the members service words them', () => {
    expect(messageCode(IMPORT_REFUSALS.cells(3, 7))).toEqual({
      code: 'members.import.cells',
      params: { cells: '3', columns: '7' },
    });
    expect(messageCode(IMPORT_REFUSALS.formula('first_name'))).toEqual({
      code: 'field.formula',
      params: { field: 'first_name' },
    });
    expect(messageCode(IMPORT_REFUSALS.yesOrNo('sms_consent', 'maybe'))).toEqual({
      code: 'members.import.yes-or-no',
      params: { column: 'sms_consent', value: 'maybe' },
    });
    expect(messageCode(IMPORT_REFUSALS.twoMembers)).toEqual({ code: 'members.import.two-members' });
    expect(messageCode(IMPORT_REFUSALS.email('not an address'))?.code).toBe('members.import.email');
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

  it('names the refusals of credits, inventory, partners, exclusives and statements as their services say them', () => {
    const cases: [string, { code: string; params?: Record<string, string> }][] = [
      [CREDIT_REFUSALS.expired, { code: 'credit.expired' }],
      [CREDIT_REFUSALS.inactive, { code: 'credit.inactive' }],
      [CREDIT_REFUSALS.alreadyVoided, { code: 'credit.transaction.already-voided' }],
      [
        insufficientBalanceMessage(CREDIT_REFUSALS.insufficient, '$12.50', '$1,000.00'),
        { code: 'credit.insufficient.amounts', params: { available: '$12.50', requested: '$1,000.00' } },
      ],
      [CREDIT_ACCESS_MESSAGES.partnerRequired, { code: 'credit.partner-required' }],
      [CREDIT_ACCESS_MESSAGES.changed, { code: 'credit.changed' }],
      [CREDIT_MESSAGES.memberNotFound, { code: 'credit.member.not-found' }],
      [CREDIT_MESSAGES.durationRange, { code: 'credit.duration.range' }],
      ['Credit not found', { code: 'credit.not-found' }],
      ['Transaction not found', { code: 'credit.transaction.not-found' }],
      [INVENTORY_REFUSALS.skuTaken, { code: 'merch.sku.taken' }],
      [INVENTORY_REFUSALS.itemHasStock, { code: 'merch.item.has-stock' }],
      [INVENTORY_REFUSALS.ownAllocationsOnly, { code: 'merch.allocations.own-only' }],
      [INVENTORY_REFUSALS.lineExists, { code: 'merch.line.exists' }],
      [INVENTORY_REFUSALS.sizeOnce, { code: 'merch.size.once' }],
      [INVENTORY_REFUSALS.lineOfAnotherItem, { code: 'merch.line.other-item' }],
      [
        INVENTORY_REFUSALS.notEnoughStock(3, 10),
        { code: 'merch.stock.not-enough', params: { available: '3', requested: '10' } },
      ],
      [
        INVENTORY_REFUSALS.sizeNotOfItem('S, M, L'),
        { code: 'merch.size.not-of-item', params: { sizes: 'S, M, L' } },
      ],
      [
        INVENTORY_REFUSALS.colorNotOfItem('Red, Blue'),
        { code: 'merch.color.not-of-item', params: { colors: 'Red, Blue' } },
      ],
      ['Used quantity cannot exceed allocated quantity', { code: 'merch.used.over-allocated' }],
      ['Allocation not found', { code: 'merch.allocation.not-found' }],
      [PARTNER_REFUSALS.emailTaken, { code: 'partner.email.taken' }],
      [PARTNER_REFUSALS.galleryFull(50), { code: 'partner.gallery.full', params: { max: '50' } }],
      ['Partner not found', { code: 'partner.not-found' }],
      [VENDOR_NOT_FOUND_MESSAGE, { code: 'exclusive.vendor.not-found' }],
      [STATEMENT_ACCESS_MESSAGES.ownOnly, { code: 'statement.own-only' }],
      [STATEMENT_ACCESS_MESSAGES.partnerRequired, { code: 'statement.partner.required' }],
      [
        STATEMENT_REFUSALS.periodNotOver('2026-11'),
        { code: 'statement.period.not-over', params: { period: '2026-11' } },
      ],
      [STATEMENT_REFUSALS.notIssued('paid'), { code: 'statement.not-issued', params: { status: 'paid' } }],
      [
        STATEMENT_REFUSALS.notDisputed('issued'),
        { code: 'statement.not-disputed', params: { status: 'issued' } },
      ],
      [
        STATEMENT_REFUSALS.notPayable('superseded'),
        { code: 'statement.not-payable', params: { status: 'superseded' } },
      ],
      [STATEMENT_REFUSALS.foreignLine, { code: 'statement.line.foreign' }],
      [STATEMENT_REFUSALS.superseded, { code: 'statement.superseded' }],
      ['Statement not found', { code: 'statement.not-found' }],
      [CARD_LANGUAGE_MESSAGE, { code: 'voucher.batch.card-language.invalid' }],
    ];
    for (const [message, expected] of cases) expect(messageCode(message), message).toEqual(expected);
  });
});
