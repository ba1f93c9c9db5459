import { describe, expect, it } from 'vitest';
import { maskIdentifier } from './masked-identifier';

describe('an unknown sign-in name in the audit trail', () => {
  it.each([
    ['password1', 'p•••••••• (9)'],
    ['  nobody-here ', 'n•••••••••• (11)'],
    ['x', 'x (1)'],
    ['', '(0)'],
    ['ünïcødé', 'ü•••••• (7)'],
    ['😀secret', '😀•••••• (7)'],
  ])('%j is kept as %j', (typed, kept) => {
    expect(maskIdentifier(typed)).toBe(kept);
  });

  it('a long one keeps its length but not its text', () => {
    const masked = maskIdentifier(`S${'x'.repeat(199)}`);
    expect(masked).toBe(`S${'•'.repeat(32)} (200)`);
    expect(masked).not.toContain('x');
  });
});
