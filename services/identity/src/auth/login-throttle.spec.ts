import { describe, expect, it } from 'vitest';
import { accountSubject } from './login-throttle';

describe('accountSubject', () => {
  it('a known user is counted by id, whatever was typed; an unknown name by the name, normalised', () => {
    const id = '0b6c3f0e-7d1a-4c55-9a43-6a1e2b3c4d5e';
    expect(accountSubject({ userId: id })).toBe(`user:${id}`);
    expect(accountSubject({ userId: null, typed: '  Nobody@Example.COM ' })).toBe('name:nobody@example.com');
    // A username that looks like an id is still a name, never someone's account.
    expect(accountSubject({ userId: null, typed: id })).toBe(`name:${id}`);
  });
});
