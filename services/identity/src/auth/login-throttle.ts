import {
  DomainError,
  exportMetrics,
  loginLockoutsTotal,
  REDIS,
  type LoginThrottleReason,
} from '@avpass/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { isIPv4, isIPv6 } from 'node:net';
import { CLOCK, type Clock } from '../clock';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/**
 * One sign-in attempt's place in the counts, taken before the password is checked. Exactly one of
 * `failed`, `succeeded` or `abandoned` must follow.
 */
export interface LoginAttempt {
  /** The password was wrong (or the user unknown): the counts stay raised. */
  failed(): Promise<void>;
  /** The right password: this pair's (or device's) failures are forgotten. */
  succeeded(): Promise<void>;
  /** Decided by something else (deactivated account, an outage): the attempt does not count. */
  abandoned(): Promise<void>;
}

interface CheckedKey {
  key: string;
  reason: LoginThrottleReason;
  /** Failures allowed before attempts must wait. */
  free: number;
  /** The same while the username is under attack. */
  freeUnderAttack: number;
}

/**
 * Checks every key atomically and, when none makes the attempt wait, counts it as a failure in each
 * (so concurrent attempts cannot slip through one free slot); the caller then forgets or undoes it.
 *
 * KEYS[1]: the username's count (never checked: only a signal); KEYS[2..]: the checked counts.
 * ARGV: now (ms), memory (ms), base delay (ms), max delay (ms), the username's attack threshold, then
 * for each checked key: its free failures, and the same while the username is under attack.
 * Each count is a hash {n: failures, t: last failure (ms)}, forgotten `memory` after `t`.
 * Answers {0, 0} when counted, else {index of the checked key that blocks (1-based), wait (ms)}.
 */
const CLAIM = `
local now = tonumber(ARGV[1])
local memory = tonumber(ARGV[2])
local base = tonumber(ARGV[3])
local cap = tonumber(ARGV[4])
local attack = tonumber(ARGV[5])
local function count(key)
  local v = redis.call('HMGET', key, 'n', 't')
  local n = tonumber(v[1]) or 0
  local t = tonumber(v[2]) or 0
  if now - t >= memory then n = 0 end
  return n, t
end
local underAttack = count(KEYS[1]) >= attack
local blocking, longest = 0, 0
for i = 2, #KEYS do
  local n, t = count(KEYS[i])
  local free = tonumber(ARGV[4 + 2 * (i - 1)])
  if underAttack then free = tonumber(ARGV[5 + 2 * (i - 1)]) end
  if n >= free then
    local left = t + math.min(cap, base * 2 ^ (n - free)) - now
    if left > longest then blocking, longest = i - 1, left end
  end
end
if blocking > 0 then return {blocking, math.ceil(longest)} end
for i = 1, #KEYS do
  local n = count(KEYS[i])
  redis.call('HSET', KEYS[i], 'n', n + 1, 't', now)
  redis.call('PEXPIRE', KEYS[i], memory)
end
return {0, 0}
`;

/** Takes back one counted failure (the attempt did not fail), keeping the time of the last one. */
const UNCOUNT = `
for i = 1, #KEYS do
  local n = tonumber(redis.call('HGET', KEYS[i], 'n'))
  if n and n > 0 then redis.call('HSET', KEYS[i], 'n', n - 1) end
end
return 0
`;

/**
 * The sign-in throttle (OWASP ASVS 2.2.1, NIST SP 800-63B 5.2.2), in Redis. It never refuses the right
 * password outright from everywhere, so knowing a username (the administrator's is `admin`) is not a
 * switch that keeps its owner out:
 *
 * - failures are counted per (username, address) and per address; past LOGIN_FREE_FAILURES (and the
 *   much higher LOGIN_FREE_FAILURES_PER_ADDRESS, for offices behind one NAT), each further attempt
 *   must wait a delay that doubles with every failure, up to LOGIN_MAX_DELAY_SECONDS; one too early is
 *   answered 429 with Retry-After (nothing sleeps here). A success forgets its pair's failures;
 * - the username's own count, from every address, is only a signal: past LOGIN_USERNAME_ATTACK_FAILURES
 *   each new address gets one free failure for it instead of five;
 * - a browser on which the user signed in before (a device cookie the gateway verified) is exempt from
 *   both, and counted on its own instead, so a stolen cookie is throttled like an address.
 *
 * IPv6 addresses are counted per /64, the block one subscriber usually holds.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    exportMetrics(loginLockoutsTotal);
  }

  private key(kind: string, id: string): string {
    return `${this.config.NATS_NAMESPACE}:login-throttle:${kind}:${id}`;
  }

  /**
   * Counts a sign-in attempt for `identifier` (a username or e-mail, as typed) from `ip`, or from the
   * trusted device `deviceId`, or refuses it with 429 when it comes too early.
   */
  async begin(identifier: string, ip: string | undefined, deviceId: string | null): Promise<LoginAttempt> {
    const login = identifier.trim().toLowerCase();
    const address = ip ? addressBucket(ip) : 'unknown';
    const free = this.config.LOGIN_FREE_FAILURES;
    const username = this.key('username', login);
    const checked: CheckedKey[] = deviceId
      ? [{ key: this.key('device', deviceId), reason: 'device', free, freeUnderAttack: free }]
      : [
          {
            key: this.key('pair', `${address}|${login}`),
            reason: 'username_address',
            free,
            freeUnderAttack: Math.min(free, 1),
          },
          ...(ip
            ? [
                {
                  key: this.key('address', address),
                  reason: 'address' as const,
                  free: this.config.LOGIN_FREE_FAILURES_PER_ADDRESS,
                  freeUnderAttack: this.config.LOGIN_FREE_FAILURES_PER_ADDRESS,
                },
              ]
            : []),
        ];
    const [blocking, waitMs] = (await this.redis.eval(
      CLAIM,
      1 + checked.length,
      username,
      ...checked.map((c) => c.key),
      this.clock().getTime(),
      this.config.LOGIN_FAILURE_MEMORY_SECONDS * 1000,
      this.config.LOGIN_DELAY_BASE_SECONDS * 1000,
      this.config.LOGIN_MAX_DELAY_SECONDS * 1000,
      this.config.LOGIN_USERNAME_ATTACK_FAILURES,
      ...checked.flatMap((c) => [c.free, c.freeUnderAttack]),
    )) as [number, number];
    if (blocking > 0) {
      loginLockoutsTotal.inc({ reason: checked[blocking - 1]!.reason });
      throw tooManyAttempts(Math.max(1, Math.ceil(waitMs / 1000)));
    }

    // The pair's (or the device's) count is forgotten on success; the username's and the address's
    // only lose this attempt, so a user with one good password cannot reset an address's count.
    const forgotten = checked.filter((c) => c.reason !== 'address').map((c) => c.key);
    const kept = [username, ...checked.filter((c) => c.reason === 'address').map((c) => c.key)];
    const all = [username, ...checked.map((c) => c.key)];
    return {
      failed: async () => undefined,
      succeeded: async () => {
        await this.redis
          .multi()
          .del(...forgotten)
          .eval(UNCOUNT, kept.length, ...kept)
          .exec();
      },
      abandoned: async () => {
        await this.redis.eval(UNCOUNT, all.length, ...all);
      },
    };
  }
}

/** 429 with Retry-After, in words: seconds under a minute, whole minutes above. */
function tooManyAttempts(seconds: number): DomainError {
  const wait =
    seconds < 60
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return new DomainError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Try again in ${wait}.`,
    undefined,
    seconds,
  );
}

/** The address a count is kept for: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64. */
export function addressBucket(ip: string): string {
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
