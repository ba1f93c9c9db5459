import { describe, expect, it } from 'vitest';
import { findUnsafeText, safeText } from './text';

describe('text fields refuse characters PostgreSQL and JSON cannot store', () => {
  it('refuses NUL, other control characters and unpaired surrogates', () => {
    for (const bad of ['a\u0000b', '\u0007', '\ud800x', 'x\udc00', 'end\ud83d']) {
      expect(safeText().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts ordinary text, line breaks, tabs and emoji (paired surrogates)', () => {
    for (const good of ['Harbor Physio', 'line\nbreak\r\n\ttab', 'Café 😀', '']) {
      expect(safeText().safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
  });

  it('finds the first unsafe string anywhere in a request, keys included', () => {
    expect(findUnsafeText({ a: 'ok', list: ['fine', { name: 'x\u0000' }] })).toBe('list.1.name');
    expect(findUnsafeText({ ['k\ud800']: 1 })).toBe('_key');
    expect(findUnsafeText({ a: 1, b: [true, null, 'ok'] })).toBeNull();
    expect(findUnsafeText('\u0000')).toBe('_');
  });
});
