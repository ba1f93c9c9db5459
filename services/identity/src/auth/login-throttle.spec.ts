import { describe, expect, it } from 'vitest';
import { accountSubject, addressBucket } from './login-throttle';

describe('addressBucket', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:aa:1::1', '2001:db8:aa:1::/64'],
    ['2001:0db8:00aa:0001:ffff:1:2:3', '2001:db8:aa:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s is counted as %s', (ip, bucket) => {
    expect(addressBucket(ip)).toBe(bucket);
  });
});

describe('accountSubject', () => {
  it('a known user is counted by id, whatever was typed; an unknown name by the name, normalised', () => {
    const id = '0b6c3f0e-7d1a-4c55-9a43-6a1e2b3c4d5e';
    expect(accountSubject({ userId: id })).toBe(`user:${id}`);
    expect(accountSubject({ userId: null, typed: '  Nobody@Example.COM ' })).toBe('name:nobody@example.com');
    // A username that looks like an id is still a name, never someone's account.
    expect(accountSubject({ userId: null, typed: id })).toBe(`name:${id}`);
  });
});
