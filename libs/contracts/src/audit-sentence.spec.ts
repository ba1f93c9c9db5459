import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_OPTIONS,
  auditActionPhrase,
  auditChangeLines,
  describeAuditEntry,
  formatAuditAt,
  type DescribableAuditEntry,
} from './audit-sentence';
import { AUDIT_ACTIONS } from './audit-actions';

const entry = (over: Partial<DescribableAuditEntry>): DescribableAuditEntry => ({
  action: 'vouchers.voucher.till-redeemed',
  actorType: 'user',
  actorId: 'u1',
  actorName: 'Sam Rivera',
  ip: '10.0.0.1',
  targetType: 'voucher',
  targetId: 'c1',
  changes: null,
  ...over,
});

describe('the audit trail in plain words', () => {
  it('every action in the list has its own phrase', () => {
    for (const [action, { phrase }] of Object.entries(AUDIT_ACTIONS)) {
      expect(phrase.trim(), action).not.toBe('');
      expect(phrase, action).not.toContain('.');
    }
    expect(new Set(AUDIT_ACTION_OPTIONS.map((o) => o.action)).size).toBe(AUDIT_ACTION_OPTIONS.length);
    // The picker's labels are all different: each names one action.
    expect(new Set(AUDIT_ACTION_OPTIONS.map((o) => o.label)).size).toBe(AUDIT_ACTION_OPTIONS.length);
  });

  it('a till redeem reads with the code, the partner and the money', () => {
    const sentence = describeAuditEntry(
      entry({
        targetName: 'Spring Tune-up',
        companyName: 'Riverside Bike Shop',
        changes: {
          usageCount: { before: 0, after: 1 },
          transactionAmount: { before: null, after: 4500 },
          discountApplied: { before: null, after: 900 },
        },
      }),
    );
    expect(sentence.text).toBe(
      'Sam Rivera redeemed Spring Tune-up at Riverside Bike Shop ($45.00 sale, $9.00 off)',
    );
    expect(sentence.target).toBe('Spring Tune-up');
  });

  it("a code's current title wins over the one its entry recorded; a member's own redeem names it too", () => {
    const retitled = entry({
      action: 'vouchers.voucher.updated',
      targetName: 'Spring Tune-up',
      changes: {
        clinicName: { before: 'Riverside Bike Shop', after: 'Riverside Bike Shop' },
        customTitle: { before: null, after: 'Tune-up' },
      },
    });
    expect(describeAuditEntry(retitled).target).toBe('Spring Tune-up');
    expect(
      describeAuditEntry(
        entry({
          action: 'vouchers.voucher.redeemed',
          targetName: 'Spring Tune-up',
          companyName: 'Riverside Bike Shop',
        }),
      ).text,
    ).toBe('Sam Rivera redeemed Spring Tune-up at Riverside Bike Shop');
  });

  it('without names the target reads as its kind, never as an id', () => {
    expect(describeAuditEntry(entry({ action: 'vouchers.voucher.deleted' })).text).toBe(
      'Sam Rivera deleted the code',
    );
    expect(describeAuditEntry(entry({ actorType: 'public', actorName: null, actorId: null })).text).toBe(
      'Someone at 10.0.0.1 redeemed a code',
    );
  });

  it('a created thing is named from its own fields', () => {
    const text = describeAuditEntry(
      entry({
        action: 'partners.partner.created',
        targetType: 'partner',
        changes: { name: { before: null, after: 'Riverside' } },
      }),
    ).text;
    expect(text).toBe('Sam Rivera added the partner Riverside');
  });

  it('a credit reads with its athlete, and without a name the phrase stands alone', () => {
    const credit = entry({ targetType: 'credit', changes: { athleteName: { before: null, after: 'Ada' } } });
    expect(describeAuditEntry({ ...credit, action: 'credits.credit.created' }).text).toBe(
      'Sam Rivera gave a credit to Ada',
    );
    expect(describeAuditEntry({ ...credit, action: 'credits.credit.deleted', changes: null }).text).toBe(
      'Sam Rivera deleted the credit',
    );
    expect(describeAuditEntry(entry({ action: 'vouchers.redemption.cancelled', changes: null })).text).toBe(
      'Sam Rivera cancelled a redemption of a code',
    );
  });

  it('a code is titled by its custom title, else its partner', () => {
    const created = entry({
      action: 'vouchers.voucher.created',
      changes: {
        clinicName: { before: null, after: 'Riverside' },
        service: { before: null, after: 'Tune-up' },
      },
    });
    expect(describeAuditEntry(created).text).toBe('Sam Rivera created the code Riverside');
    const titled = { ...created.changes, customTitle: { before: null, after: 'Spring Tune-up' } };
    expect(describeAuditEntry({ ...created, changes: titled }).text).toBe(
      'Sam Rivera created the code Spring Tune-up',
    );
  });

  it('a sign-in needs no target', () => {
    expect(describeAuditEntry(entry({ action: 'identity.sign-in.succeeded', targetType: 'user' })).text).toBe(
      'Sam Rivera signed in',
    );
  });

  it('an unknown action still reads as words', () => {
    expect(auditActionPhrase('wallet.pass.issued')).toBe('pass issued');
  });

  it('lists only the fields that changed, money as money and instants in the business zone', () => {
    const lines = auditChangeLines(
      {
        title: { before: 'Tune-up', after: 'Tune-up' },
        totalAmount: { before: 8000, after: 9000 },
        expiresAt: { before: null, after: '2026-03-08T15:05:00.000Z' },
        version: { before: 1, after: 2 },
        isActive: { before: true, after: false },
      },
      'America/New_York',
    );
    expect(lines).toEqual([
      { field: 'expiresAt', label: 'Expires at', before: '—', after: 'Mar 8, 2026 11:05 AM' },
      { field: 'isActive', label: 'Is active', before: 'Yes', after: 'No' },
      { field: 'totalAmount', label: 'Total amount', before: '$80.00', after: '$90.00' },
    ]);
  });

  it("shows when an entry happened in the business zone, to the second, naming the zone's clock", () => {
    // 10:00 UTC on Oct 15 2026 is 3 AM in Los Angeles (daylight time) and 6 AM in New York.
    expect(formatAuditAt('2026-10-15T10:00:05Z', 'America/Los_Angeles')).toBe('Oct 15, 2026, 3:00:05 AM PDT');
    expect(formatAuditAt('2026-10-15T10:00:05Z', 'America/New_York')).toBe('Oct 15, 2026, 6:00:05 AM EDT');
    // After the clocks go back (Nov 1), the same zone reads standard time.
    expect(formatAuditAt('2026-12-15T10:00:05Z', 'America/Los_Angeles')).toBe('Dec 15, 2026, 2:00:05 AM PST');
    expect(formatAuditAt('not a time', 'America/Los_Angeles')).toBe('not a time');
  });
});
