import { describe, expect, it } from 'vitest';
import { addressBucket } from './request-limits';

describe('the address a limit counts', () => {
  it('is an IPv4 address as it is, also when written IPv4-mapped', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(addressBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });

  it('is "unknown" without an address', () => {
    expect(addressBucket(undefined)).toBe('unknown');
  });
});
