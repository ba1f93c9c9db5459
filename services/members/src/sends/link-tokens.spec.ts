import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LinkTokens } from './link-tokens';

describe('unsubscribe link tokens', () => {
  const tokens = new LinkTokens('a-secret-of-at-least-thirty-two-characters');

  it('names the delivery it was made for, in 44 URL-safe characters', () => {
    const id = randomUUID();
    const token = tokens.sign(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(tokens.verify(token)).toBe(id);
  });

  it('refuses a token changed in one character, made with another secret, or cut short', () => {
    const token = tokens.sign(randomUUID());
    const flipped = token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31);
    expect(tokens.verify(flipped)).toBeNull();
    expect(new LinkTokens('another-secret-of-thirty-two-characters!').verify(token)).toBeNull();
    expect(tokens.verify(token.slice(0, 43))).toBeNull();
    expect(tokens.verify(`${randomUUID().replace(/-/g, '').slice(0, 22)}${token.slice(22)}`)).toBeNull();
  });
});
