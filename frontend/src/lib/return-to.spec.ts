import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

const origin = 'https://avpass.example';

describe('after signing in, the login page returns to the page the user asked for', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeReturnTo('/settings?tab=security#x', origin)).toBe('/settings?tab=security#x');
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a relative path', 'settings'],
    ['the login page itself', '/login?returnTo=/x'],
    ['a control character', '/\tsettings'],
    ['a dot segment that resolves protocol-relative', '/.//evil.example/x'],
    ['a parent segment that resolves protocol-relative', '/x/..//evil.example/x'],
    ['an encoded dot segment that resolves protocol-relative', '/%2e//evil.example/x'],
  ])('ignores %s', (_label, raw) => {
    expect(safeReturnTo(raw, origin)).toBeNull();
  });

  it('ignores a missing value', () => {
    expect(safeReturnTo(null, origin)).toBeNull();
    expect(safeReturnTo('', origin)).toBeNull();
  });
});
