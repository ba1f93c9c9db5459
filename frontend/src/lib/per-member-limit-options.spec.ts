import { perMemberLimitSchema } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { perMemberLimitInput, perMemberLimitText, perMemberTakesCount } from './per-member-limit-options';

describe('the "Per member" field', () => {
  it('maps each choice to the perMemberLimit the API takes', () => {
    expect(perMemberLimitInput('none', '3')).toBeNull();
    expect(perMemberLimitInput('once', '')).toEqual({ count: 1, period: 'ever' });
    expect(perMemberLimitInput('day', ' 2 ')).toEqual({ count: 2, period: 'day' });
    expect(perMemberLimitInput('week', '5')).toEqual({ count: 5, period: 'week' });
    expect(perMemberLimitInput('month', '1')).toEqual({ count: 1, period: 'month' });
    for (const choice of ['once', 'day', 'week', 'month'] as const)
      expect(perMemberLimitSchema.safeParse(perMemberLimitInput(choice, '2')).success).toBe(true);
  });

  it('sends what was typed when it is not a number, so the server names the fault', () => {
    const sent = perMemberLimitInput('month', 'two');
    expect(sent).toEqual({ count: 'two', period: 'month' });
    expect(perMemberLimitSchema.safeParse(sent).error?.issues[0]?.message).toMatch(/Per-member limit/);
    expect(perMemberLimitSchema.safeParse(perMemberLimitInput('day', '0')).error?.issues[0]?.message).toBe(
      'Per-member limit must be at least 1',
    );
  });

  it('asks for a number only for N per day, week or month', () => {
    expect(['none', 'once', 'day', 'week', 'month'].map((c) => perMemberTakesCount(c as never))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('words a code’s limit', () => {
    expect(perMemberLimitText(null)).toBeNull();
    expect(perMemberLimitText({ count: 1, period: 'ever' })).toBe('1 per member');
    expect(perMemberLimitText({ count: 2, period: 'month' })).toBe('2 per member per month');
  });
});
