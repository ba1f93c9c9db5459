import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, newPasswordSchema } from './password-policy';

const schema = newPasswordSchema('Password must be at least 6 characters', 'Too long');
const messages = (password: unknown) =>
  schema.safeParse(password).error?.issues.map((issue) => issue.message) ?? [];

describe('a new password', () => {
  it.each(['123456', 'password', 'PassWord1', 'qwerty123', 'letmein1', 'secret1', 'iloveyou'])(
    '%s is refused as commonly used',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
      expect(messages(password)).toEqual([COMMON_PASSWORD_MESSAGE]);
    },
  );

  it.each(['staff-password', 'Correct horse battery', 'till-staff-2026'])('%s is accepted', (password) => {
    expect(isCommonPassword(password)).toBe(false);
    expect(messages(password)).toEqual([]);
  });

  it('a short one gets the spec message only, even when common', () => {
    expect(messages('12345')).toEqual(['Password must be at least 6 characters']);
    expect(messages('abc')).toEqual(['Password must be at least 6 characters']);
  });

  it('the message says why', () => {
    expect(COMMON_PASSWORD_MESSAGE).toBe(
      'This password is one of the 10,000 most commonly used, which attackers try first. Choose a less common one.',
    );
  });
});
