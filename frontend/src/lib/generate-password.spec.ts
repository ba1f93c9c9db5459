import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, generatePassword } from './generate-password';

describe('the Security tab password generator', () => {
  it('makes 12 characters with a lower-case letter, an upper-case letter, a digit and a symbol', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^a-zA-Z0-9]/);
    }
  });

  it('does not repeat itself', () => {
    const seen = new Set(Array.from({ length: 500 }, () => generatePassword()));
    expect(seen.size).toBe(500);
  });
});
