import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a limit or a count is kept for (the sign-in throttle, the gateway's per-address limits):
 * IPv4 as it is (also when IPv4-mapped), IPv6 by its /64, the block one subscriber usually holds
 * (counting each of its 2^64 addresses apart would be no limit at all); 'unknown' without one.
 */
export function addressBucket(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const bare = ip.trim().toLowerCase().split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(bare) || !isIPv6(bare)) return bare.slice(0, 64);
  const [head = '', tail] = bare.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
