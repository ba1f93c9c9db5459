import { describe, expect, it } from 'vitest';
import { addressBucket } from './address-bucket';

describe('the address a limit or a count is kept for', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:aa:1::1', '2001:db8:aa:1::/64'],
    ['2001:0db8:00aa:0001:ffff:1:2:3', '2001:db8:aa:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['not-an-address', 'not-an-address'],
    [undefined, 'unknown'],
  ])('%s is counted as %s', (ip, bucket) => {
    expect(addressBucket(ip)).toBe(bucket);
  });
});
